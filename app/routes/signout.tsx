import { redirect } from "react-router";
import { cookieHeaders, requestMeta } from "../features/auth/request-meta.server";
import type { Route } from "./+types/signout";

export async function action({ request, context }: Route.ActionArgs) {
  const setCookies = await context.services.auth.signOut(requestMeta(request, context));
  return redirect("/", { headers: cookieHeaders(setCookies) });
}

export function loader() {
  return redirect("/");
}
