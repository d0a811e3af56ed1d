import { offerMessages as m } from "../../domain/offers";
import { RouteLoadError } from "../components/load-error";
import { OffersList } from "../features/offers/offers-list";
import { loadMyOffers, myOffersAction } from "../features/offers/offers.server";
import type { Route } from "./+types/profile-offers";

export function meta() {
  return [{ title: "Offers · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** Issue 15: the signed-in person's offers, received and sent; signed out → /signin. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadMyOffers(context, request);
}

/** A received offer's Accept, Counter or Decline (fields `offerId`, `intent`). */
export function action({ request, context }: Route.ActionArgs) {
  return myOffersAction(context, request);
}

export default function ProfileOffers({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OffersList
      offers={loaderData.offers}
      tab={loaderData.tab}
      isArtist={loaderData.isArtist}
      result={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
