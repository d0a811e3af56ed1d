import type { AppServices } from "../services";

/** What React Router loaders and actions receive as `context`. */
export type WebLoadContext = {
  services: AppServices;
  clientIp: string | undefined;
};

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

export type WebHandler = (request: Request, context: WebLoadContext) => Promise<Response>;
