import { applicationsQuerySchema } from "../../contracts/admin-applications.contract";
import { RouteLoadError } from "../components/load-error";
import { ApplicationsQueue } from "../features/admin/applications-queue";
import { applicationsAction } from "../features/admin/applications.server";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-applications";

export function meta() {
  return [{ title: "Applications · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return readForPage(
    context,
    async () => context.services.applications.list(validInput(applicationsQuerySchema, params)),
    { fallback: "The applications could not be loaded.", log: "The applications failed to load" },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return applicationsAction(context, request);
}

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript the forms post to this route: its answer is the page's notice.
  const notice = actionData && "ok" in actionData && actionData.ok ? actionData.message : null;
  return <ApplicationsQueue page={loaderData} notice={notice} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The applications could not be loaded." />;
}
