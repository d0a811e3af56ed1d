import { RouteLoadError } from "../components/load-error";
import { ListingAccessNotice } from "../features/listings/listing-access-notice";
import { ListingPreviewView } from "../features/listings/listing-preview-view";
import { listingPageMessages as m } from "../features/listings/listings.messages";
import { loadListingPage } from "../features/listings/listings.server";
import type { Route } from "./+types/listing-preview";

export function meta() {
  return [{ title: "Listing preview · Vernissage" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return loadListingPage(context, request, null);
}

/** SPEC §2 /listing-preview: the draft as buyers will see it, then Confirm. */
export default function ListingPreview({ loaderData }: Route.ComponentProps) {
  const { access, categories } = loaderData;
  if (access !== "ok") return <ListingAccessNotice access={access} title="Listing preview" />;
  return <ListingPreviewView categories={categories} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.unknownFailure} />;
}
