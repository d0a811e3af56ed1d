import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-catalog";

// Being built (issue 13): this console area is replaced by its real page before it lands.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminCatalog() {
  return <p className="status-text">This console area is being built.</p>;
}
