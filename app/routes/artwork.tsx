import { ArtworkView } from "../features/artwork/artwork-view";
import { CheckoutDialog } from "../features/checkout/checkout-dialog";
import { OfferDialog } from "../features/checkout/offer-dialog";
import { forgetListingDraftOf } from "../features/listing/listing-draft-store";
import { artworkMeta } from "../features/artwork/artwork-meta";
import { artworkMessages as m } from "../features/artwork/artwork.messages";
import { loadArtworkPage } from "../features/artwork/artwork.server";
import { errorMeta } from "../lib/meta";
import { routeErrorText } from "../lib/route-error-text";
import { RouteLoadError } from "../components/load-error";
import { SavedWorksProvider } from "../components/collectors/saved-works";
import type { Route } from "./+types/artwork";
import "../features/artwork/artwork.css";

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return errorMeta(routeErrorText(error, m.artworkLoadFailed));
  return artworkMeta(loaderData.origin, loaderData.artwork);
}

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadArtworkPage(context, request, params.artworkId);
}

/** SPEC §2 Artwork detail (/artwork/{artworkId}); 404 with 'Artwork not found' when missing. */
export default function Artwork({ loaderData }: Route.ComponentProps) {
  const { artwork, rails, saved, follow } = loaderData;
  // A new artwork starts at its first image with the buy panel closed. The page composes
  // three features: Buy Now opens the checkout (SPEC §2 buy panel: a modal dialog that
  // keeps focus in and closes with Escape, Cancel or the backdrop, except while paying),
  // and Edit Listing forgets an older draft of the listing.
  return (
    <SavedWorksProvider state={saved}>
      <ArtworkView
        key={artwork.id}
        artwork={artwork}
        follow={follow}
        BuyPanel={CheckoutDialog}
        OfferPanel={OfferDialog}
        onEditListing={forgetListingDraftOf}
        rails={rails}
      />
    </SavedWorksProvider>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.artworkLoadFailed} />;
}
