import { Form, Link, useNavigation } from "react-router";
import { reportListingBodySchema } from "../../contracts/listing-reports.contract";
import { listingReportMessages as lm } from "../../domain/listing-reports";
import { titleText } from "../../domain/display";
import { RouteLoadError } from "../components/load-error";
import { ReportListingForm } from "../features/artworks/report-listing";
import { formText } from "../lib/form-text";
import { actionError, readForPage } from "../lib/loader-errors.server";
import { readForm } from "../lib/read-form.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/artwork-report";

const LOAD_FAILED = "The listing could not be loaded.";

export function meta() {
  return [{ title: `${lm.reportListing} · Vernissage` }, { name: "robots", content: "noindex" }];
}

/** The report form as a page: the artwork page's dialog without JavaScript (decision 0059). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { auth, discovery } = context.services;
  const viewer = await auth.getSessionUser(request.headers);
  const artwork = await readForPage(context, () => discovery.artwork(params.artworkId, viewer), {
    fallback: LOAD_FAILED,
    log: "An artwork to report failed to load",
    details: { id: params.artworkId },
  });
  return {
    artwork: { id: artwork.id, title: artwork.title, artistName: artwork.artist.displayName },
  };
}

/** Also what the dialog's form posts to: one path from the form to the service. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { auth, listingReports } = context.services;
  const form = await readForm(request);
  try {
    const viewer = await auth.getSessionUser(request.headers);
    const body = validInput(reportListingBodySchema, {
      reason: formText(form, "reason") || undefined,
      explanation: formText(form, "explanation"),
      email: viewer ? undefined : formText(form, "email"),
    });
    const answer = await listingReports.report(viewer, params.artworkId, body, context.clientIp);
    return { ok: true as const, message: answer.message };
  } catch (error) {
    return actionError(context, error, {
      fallback: "The report could not be sent. Please try again.",
      log: "A listing report failed",
      details: { id: params.artworkId },
    });
  }
}

export default function ArtworkReport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { artwork } = loaderData;
  return (
    <section className="auth-card stack" aria-labelledby="report-heading">
      <h1 id="report-heading">{lm.reportListing}</h1>
      <p>
        <Link to={`/artwork/${artwork.id}`}>“{titleText(artwork.title)}”</Link> by{" "}
        {artwork.artistName}. The marketplace team reads every report; the artist is not told who
        reported.
      </p>
      <ReportListingForm
        artworkId={artwork.id}
        Form={Form}
        result={actionData}
        busy={navigation.state !== "idle"}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={LOAD_FAILED} />;
}
