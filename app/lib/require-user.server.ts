import { type AppLoadContext, data, redirect } from "react-router";
import type { SessionUser } from "../../contracts/auth.contract";

/** SPEC §2: pages that need a signed-in user send everyone else to /signin. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await context.services.auth.getSessionUser(request.headers);
  if (!user) throw redirect("/signin");
  return user;
}

/** SPEC §2: a signed-in user visiting sign-in or sign-up is sent to /. */
export async function redirectIfSignedIn(request: Request, context: AppLoadContext): Promise<null> {
  if (await context.services.auth.getSessionUser(request.headers)) throw redirect("/");
  return null;
}

/** Where an admin without two-step verification is sent (decision 0057). */
export const TWO_STEP_SETUP_PATH = "/profile/settings?two-step=required#two-step";

/** What a page of the console says to a signed-in person who is not on the team. */
export const CONSOLE_REFUSED = "Only the marketplace team can use the console.";

/**
 * The console's pages (decision 0027): signed out → /signin; signed in but not an admin
 * → 403 with CONSOLE_REFUSED; an admin without two-step verification → its setup. Every console loader and action calls it; the
 * `/api/admin/*` routes run the same rule as `adminOnly`.
 */
export async function requireAdmin(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (user.role !== "admin") throw data(CONSOLE_REFUSED, { status: 403 });
  // Decision 0057: an admin without two-step verification sets it up first.
  if (!user.twoFactorEnabled) throw redirect(TWO_STEP_SETUP_PATH);
  return user;
}
