import { reportSuspendBodySchema } from "../../contracts/admin-reports.contract";
import { RouteLoadError } from "../components/load-error";
import { field, runAdminAction } from "../features/admin/admin.server";
import { ReportedConversationView } from "../features/admin/reported-conversation";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-conversation";

export function meta() {
  return [
    { title: "Reported conversation · Console · Vernissage" },
    { name: "robots", content: "noindex" },
  ];
}

/** Only a reported conversation opens here; any other id is the same 404 as an unknown one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return readForPage(context, async () => context.services.reports.conversation(admin, params.id), {
    fallback: "The conversation could not be loaded.",
    log: "The console's reported conversation failed to load",
    details: { conversationId: params.id },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { reports } = context.services;
  return runAdminAction(context, request, {
    dismiss: async (form, admin) => (await reports.dismiss(admin, field(form, "id"))).message,
    warn: async (form, admin) => (await reports.warn(admin, field(form, "id"))).message,
    suspend: async (form, admin) =>
      (
        await reports.suspend(
          admin,
          field(form, "id"),
          validInput(reportSuspendBodySchema, { reason: field(form, "reason") }),
        )
      ).message,
  });
}

export default function AdminConversation({ loaderData }: Route.ComponentProps) {
  return <ReportedConversationView conversation={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The conversation could not be loaded." />;
}
