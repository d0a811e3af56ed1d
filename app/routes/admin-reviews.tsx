import { hideReviewBodySchema } from "../../contracts/reviews.contract";
import { RouteLoadError } from "../components/load-error";
import { field, runAdminAction } from "../features/admin/admin.server";
import { ReportedReviewsPage } from "../features/admin/reported-reviews";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-reviews";

const LOAD_FAILED = "The reported reviews could not be loaded.";

export function meta() {
  return [{ title: "Reviews · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, async () => context.services.reviews.reported(), {
    fallback: LOAD_FAILED,
    log: "The console's reported reviews failed to load",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { reviews } = context.services;
  return runAdminAction(context, request, {
    dismiss: async (form, admin) => (await reviews.dismiss(admin, field(form, "id"))).message,
    hide: async (form, admin) =>
      (
        await reviews.hide(
          admin,
          field(form, "id"),
          validInput(hideReviewBodySchema, { reason: field(form, "reason") }),
        )
      ).message,
  });
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return <ReportedReviewsPage queue={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={LOAD_FAILED} />;
}
