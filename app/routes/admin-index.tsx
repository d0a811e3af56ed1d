import { redirect } from "react-router";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-index";

/** `/admin` opens on the applications queue, the team's daily work. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw redirect("/admin/applications");
}

/** Never shown (the loader redirects); a page, not a resource route, so refusals render as pages. */
export default function AdminIndex() {
  return null;
}
