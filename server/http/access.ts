import { createMiddleware } from "hono/factory";
import { type SessionUser, twoStepMessages } from "../../contracts/auth.contract";
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
    if (options.noStore) c.header("Cache-Control", "no-store");
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, options.signInRequired);
    const refusal = refuse(viewer);
    if (refusal) throw refusal;
    c.set("viewer", viewer);
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

/**
 * The team's console (decision 0027): signed in, and `role` admin, or 403. Every
 * `/api/admin/*` route runs it before the body is read; a suspended person has no
 * session to begin with.
 */
export function adminOnly(auth: Auth) {
  return viewerCheck(auth, { signInRequired: ADMIN_SIGN_IN_REQUIRED, noStore: true }, (viewer) => {
    if (viewer.role !== "admin") return new AppError("FORBIDDEN", 403, ADMIN_ONLY);
    // Decision 0057: an admin's account needs two-step verification before the console.
    if (!viewer.twoFactorEnabled)
      return new AppError("TWO_STEP_REQUIRED", 403, twoStepMessages.adminRequired);
    return null;
  });
}

export const ADMIN_SIGN_IN_REQUIRED = "Please sign in to use the console.";
export const ADMIN_ONLY = "Only the marketplace team can use the console.";
