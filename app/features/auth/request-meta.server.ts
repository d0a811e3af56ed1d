import type { AppLoadContext } from "react-router";
import type { RequestMeta } from "../../../server/features/auth/auth.service";

export function requestMeta(request: Request, context: AppLoadContext): RequestMeta {
  return { headers: request.headers, ip: context.clientIp };
}

/** Copies Better Auth's Set-Cookie lines onto a response we return (a redirect or data). */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}
