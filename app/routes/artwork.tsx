import { ArtworkView } from "../features/artworks/artwork-view";
import { lazyPanel } from "../components/ui/lazy-panel";
import { artworkMeta } from "../features/artworks/artwork-meta";
import { artworkMessages as m } from "../features/artworks/artworks.messages";
import { loadArtworkPage } from "../features/artworks/artworks.server";
import { errorMeta } from "../lib/meta";
import { routeErrorText } from "../lib/route-error-text";
import { RouteLoadError } from "../components/load-error";
import { SavedWorksProvider } from "../components/collectors/saved-works";
import type { Route } from "./+types/artwork";

/**
 * The buy, offer and ask panels (the checkout, offers and conversations features, the shared card form and
 * Stripe's loader) are downloaded when first opened, not with the page (decision 0034).
 * The titles are the panels' own headings, shown by the stand-in while the code arrives.
 */
const CheckoutDialog = lazyPanel(
  () => import("../features/checkout/checkout-dialog").then((module) => module.CheckoutDialog),
  "Buy this artwork",
);
const OfferDialog = lazyPanel(
  () => import("../features/offers/offer-dialog").then((module) => module.OfferDialog),
  "Make an offer",
);

const AskDialog = lazyPanel(
  () => import("../features/conversations/ask-dialog").then((module) => module.ArtworkAskDialog),
  "Ask the artist",
);

/** Edit Listing forgets an older draft of the listing (the draft store loads with it). */
async function forgetListingDraft(artworkId: string) {
  const { forgetListingDraftOf } = await import("../features/listings/listing-draft-store");
  forgetListingDraftOf(artworkId);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return errorMeta(routeErrorText(error, m.artworkLoadFailed));
  return artworkMeta(loaderData.origin, loaderData.artwork);
}

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadArtworkPage(context, request, params.artworkId);
}

/** SPEC §2 Artwork detail (/artwork/{artworkId}); 404 with 'Artwork not found' when missing. */
export default function Artwork({ loaderData }: Route.ComponentProps) {
  const { artwork, rails, saved, follow, replyTime, returnPolicy } = loaderData;
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
        AskPanel={AskDialog}
        replyTime={replyTime}
        returnPolicy={returnPolicy}
        onEditListing={forgetListingDraft}
        rails={rails}
      />
    </SavedWorksProvider>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.artworkLoadFailed} />;
}
