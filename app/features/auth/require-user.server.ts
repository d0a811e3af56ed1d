import { type AppLoadContext, redirect } from "react-router";
import type { SessionUser } from "../../../server/features/users/users.repository";

/** SPEC §2: pages that need a signed-in user send everyone else to /signin. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await context.services.authService.getSessionUser(request.headers);
  if (!user) throw redirect("/signin");
  return user;
}
