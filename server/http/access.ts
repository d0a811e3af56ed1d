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
 * The one access check of the JSON routes, run before a byte of the body is read:
 * signed in (401 with the feature's text), then `refuse` (a 403 or none); the session
 * user is then `c.get("viewer")`.
 */
function viewerCheck(
  auth: Auth,
  options: AccessOptions,
  refuse: (viewer: SessionUser) => AppError | null,
) {
  return createMiddleware<{ Variables: { viewer: SessionUser } }>(async (c, next) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, options.signInRequired);
    const refusal = refuse(viewer);
    if (refusal) throw refusal;
    c.set("viewer", viewer);
    if (options.noStore) c.header("Cache-Control", "no-store");
    await next();
  });
}

export function signedInOnly(auth: Auth, options: AccessOptions) {
  return viewerCheck(auth, options, () => null);
}

/** Signed in, and an approved artist, or 403 with the feature's text (SPEC §6). */
export function artistsOnly(auth: Auth, options: AccessOptions & { artistsOnly: string }) {
  return viewerCheck(auth, options, (viewer) =>
    viewer.isArtist ? null : new AppError("FORBIDDEN", 403, options.artistsOnly),
  );
}
