import type { AppServices } from "../services";

/** What React Router loaders and actions receive as `context`. */
export type WebLoadContext = {
  services: AppServices;
  clientIp: string | undefined;
  /** This request's CSP nonce: every inline script of the page must carry it. */
  nonce: string | undefined;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    clientIp: string | undefined;
    nonce: string | undefined;
  }
}

export type WebHandler = (request: Request, context: WebLoadContext) => Promise<Response>;
