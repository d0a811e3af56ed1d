import { auditQuerySchema } from "../../contracts/admin.contract";
import { RouteLoadError } from "../components/load-error";
import { AuditLog } from "../features/admin/audit-log";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-audit";

export function meta() {
  return [{ title: "Audit log · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return readForPage(
    context,
    async () => context.services.audit.list(validInput(auditQuerySchema, params)),
    { fallback: "The audit log could not be loaded.", log: "The audit log failed to load" },
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditLog page={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The audit log could not be loaded." />;
}
