import type { MiddlewareHandler } from "hono";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Pages that show one person's data (their profile, purchases, the purchase they just
 * made, their listing draft) or handle credentials (a reset token, an e-mail change link,
 * an offer's claim key): no shared cache may keep them and the browser must not store
 * them (a shared computer's back button, a proxy's cache).
 */
const PRIVATE_PAGE =
  /^\/(profile|purchase-success|upload|listing-preview|signin|signup|signout|reset-password|confirm-email|offers\/[^/]+\/claim)(\/|$)/;

/**
 * A page, or the data React Router fetches for it on a client-side navigation
 * (`/profile.data`, `/profile/purchases.data`). `/_root.data` carries the signed-in
 * user, so it is private too.
 */
export function isPrivatePage(pathname: string): boolean {
  if (pathname === "/_root.data") return true;
  return PRIVATE_PAGE.test(pathname.replace(/\.data$/, ""));
}

/** Sets `Cache-Control: private, no-store` on the responses of private pages and `/api/me`. */
export function privatePages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    if (isPrivatePage(path)) {
      c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      return;
    }
    // An /api/me answer that already says no-store (stored nowhere) is left as it is.
    const isOwn = path === "/api/me" || path.startsWith("/api/me/");
    if (isOwn && !c.res.headers.get("Cache-Control")?.includes("no-store")) {
      c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    }
  };
}
