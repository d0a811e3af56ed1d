import { data, useLocation } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { ListingAccessNotice } from "../features/listings/listing-access-notice";
import { ListingForm } from "../features/listings/listing-form";
import { listingPageMessages as m } from "../features/listings/listings.messages";
import { loadListingPage } from "../features/listings/listings.server";
import { PayoutNotice } from "../features/payouts/payout-notice";
import { loadPayoutNotice } from "../features/payouts/payouts.server";
import type { Route } from "./+types/upload";

export function meta({ loaderData }: Route.MetaArgs) {
  const editing = loaderData?.artwork != null;
  return [
    { title: `${editing ? "Edit listing" : "Add artwork"} · Vernissage` },
    { name: "robots", content: "noindex" },
  ];
}

/** `/upload` adds an artwork; `/upload?edit={id}` edits one (also after a reload). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const editId = new URL(request.url).searchParams.get("edit");
  const [page, payouts] = await Promise.all([
    loadListingPage(context, request, editId),
    loadPayoutNotice(context, request),
  ]);
  return data({ ...page.data, payouts }, page.init ?? undefined);
}

/** SPEC §2 Upload: the Add Artwork form, or edit mode; the draft survives the preview. */
export default function Upload({ loaderData }: Route.ComponentProps) {
  const { access, artwork, categories, artistName, payouts } = loaderData;
  const location = useLocation();
  const note = (location.state as { note?: unknown } | null)?.note === "noDraft";
  const title = new URLSearchParams(location.search).has("edit") ? "Edit Listing" : "Add Artwork";
  if (access !== "ok") return <ListingAccessNotice access={access} title={title} />;
  return (
    <section className="listing-page">
      <h1>{title}</h1>
      <PayoutNotice state={payouts} />
      {note ? (
        <p className="message listing-note" role="status">
          {m.noDraft}
        </p>
      ) : null}
      <ListingForm
        key={artwork?.id ?? "new"}
        artwork={artwork}
        artistName={artistName}
        categories={categories}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.unknownFailure} />;
}
