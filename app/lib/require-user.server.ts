import { type AppLoadContext, redirect } from "react-router";
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
