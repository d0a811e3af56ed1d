import { peopleQuerySchema, suspendBodySchema } from "../../contracts/admin-people.contract";
import { RouteLoadError } from "../components/load-error";
import { field, runAdminAction } from "../features/admin/admin.server";
import { PeopleTable } from "../features/admin/people-table";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-people";

export function meta() {
  return [{ title: "People · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const page = await readForPage(
    context,
    async () => context.services.moderation.people(validInput(peopleQuerySchema, params)),
    { fallback: "The people could not be loaded.", log: "The people list failed to load" },
  );
  return { page, selfId: admin.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { moderation } = context.services;
  return runAdminAction(context, request, {
    suspend: async (form, admin) =>
      (
        await moderation.suspend(
          admin,
          field(form, "id"),
          validInput(suspendBodySchema, { reason: field(form, "reason") }),
        )
      ).message,
    reinstate: async (form, admin) =>
      (await moderation.reinstate(admin, field(form, "id"))).message,
    "make-admin": async (form, admin) =>
      (await moderation.makeAdmin(admin, field(form, "id"))).message,
    "revoke-admin": async (form, admin) =>
      (await moderation.revokeAdmin(admin, field(form, "id"))).message,
  });
}

export default function AdminPeople({ loaderData }: Route.ComponentProps) {
  return <PeopleTable page={loaderData.page} selfId={loaderData.selfId} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The people could not be loaded." />;
}
