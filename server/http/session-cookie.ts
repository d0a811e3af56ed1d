/**
 * Whether a request carries one of the auth library's cookies (the session token, its
 * cached copy, "don't remember me"; `__Secure-` prefixed on https). Without one there is
 * no session to look up (no database query) and the request is a visitor's, which the
 * page cache may answer. A stale or forged cookie still counts: such a request is never
 * answered from the cache, and the session lookup decides who it is.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  for (const pair of cookieHeader.split(";")) {
    const name = pair.slice(0, pair.indexOf("=") >>> 0).trim();
    if (/^(__Secure-|__Host-)?better-auth[.-]/i.test(name)) return true;
  }
  return false;
}
