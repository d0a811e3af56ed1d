import type { AppServices } from "../services";

/** What React Router loaders and actions receive as `context`. */
export type WebLoadContext = {
  services: AppServices;
  clientIp: string | undefined;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    clientIp: string | undefined;
  }
}

export type WebHandler = (request: Request, context: WebLoadContext) => Promise<Response>;
