import {
  decideAppealBodySchema,
  decideListingBodySchema,
} from "../../contracts/admin-listing-reports.contract";
import { RouteLoadError } from "../components/load-error";
import { field, runAdminAction } from "../features/admin/admin.server";
import { ListingCaseView } from "../features/admin/listing-case";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-listing-report";

const LOAD_FAILED = "The reported listing could not be loaded.";

export function meta() {
  return [
    { title: "Reported listing · Console · Vernissage" },
    { name: "robots", content: "noindex" },
  ];
}

/** A listing with its reports; a listing nobody reported is 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(
    context,
    async () => context.services.listingReports.listing(params.artworkId),
    {
      fallback: LOAD_FAILED,
      log: "The console's reported listing failed to load",
      details: { artworkId: params.artworkId },
    },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { listingReports } = context.services;
  const decide =
    (outcome: "kept" | "taken_down") =>
    async (form: FormData, admin: { id: string; email: string }) => {
      const body = validInput(decideListingBodySchema, {
        reportIds: field(form, "reportIds").split(",").filter(Boolean),
        outcome,
        ground: field(form, "ground") || undefined,
        explanation: field(form, "explanation"),
      });
      return (await listingReports.decide(admin, params.artworkId, body)).message;
    };
  const answer =
    (outcome: "upheld" | "reversed") =>
    async (form: FormData, admin: { id: string; email: string }) => {
      const body = validInput(decideAppealBodySchema, {
        outcome,
        explanation: field(form, "explanation"),
      });
      return (await listingReports.decideAppeal(admin, field(form, "decisionId"), body)).message;
    };
  return runAdminAction(context, request, {
    keep: decide("kept"),
    takeDown: decide("taken_down"),
    uphold: answer("upheld"),
    reverse: answer("reversed"),
  });
}

export default function AdminListingReport({ loaderData }: Route.ComponentProps) {
  return <ListingCaseView listingCase={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={LOAD_FAILED} />;
}
