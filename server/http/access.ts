import { createMiddleware } from "hono/factory";
import type { SessionUser } from "../../contracts/auth.contract";
import { AppError } from "../errors";
import type { AppServices } from "../services";

type Auth = Pick<AppServices["auth"], "getSessionUser">;
type AccessOptions = {
  /** The feature's text for a request without a session (401). */
  signInRequired: string;
  /** Mark every answer of the route private, the refusals included. */
  noStore?: boolean;
};

/**
 * Signed in, or 401 with the feature's text before a byte of the body is read; the
 * session user is then `c.get("viewer")`. The one access check of the JSON routes.
 */
export function signedInOnly(auth: Auth, options: AccessOptions) {
  return createMiddleware<{ Variables: { viewer: SessionUser } }>(async (c, next) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, options.signInRequired);
    c.set("viewer", viewer);
    if (options.noStore) c.header("Cache-Control", "no-store");
    await next();
  });
}

/** As signedInOnly, and an approved artist, or 403 with the feature's text (SPEC §6). */
export function artistsOnly(auth: Auth, options: AccessOptions & { artistsOnly: string }) {
  return createMiddleware<{ Variables: { viewer: SessionUser } }>(async (c, next) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, options.signInRequired);
    if (!viewer.isArtist) throw new AppError("FORBIDDEN", 403, options.artistsOnly);
    c.set("viewer", viewer);
    if (options.noStore) c.header("Cache-Control", "no-store");
    await next();
  });
}
