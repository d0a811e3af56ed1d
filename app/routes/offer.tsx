import { Suspense, lazy } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
} from "react-router";
import { titleText } from "../../domain/display";
import { offerMessages as m } from "../../domain/offers";
import { RouteLoadError } from "../components/load-error";
import { NOT_FOUND_TITLE, NotFoundPage } from "../components/not-found-page";
import type { CardMoveProps } from "../features/offers/offer-card-move";
import { OfferPage } from "../features/offers/offer-page";
import { loadOfferPage, offerPageAction } from "../features/offers/offers.server";
import { readOfferPageState } from "../lib/offer-page-state";
import type { Route } from "./+types/offer";

export function meta({ loaderData, error }: Route.MetaArgs) {
  const title =
    isRouteErrorResponse(error) && error.status === 404
      ? NOT_FOUND_TITLE
      : loaderData
        ? `Offer: ${titleText(loaderData.offer.artwork.title)} · Vernissage`
        : "Offer · Vernissage";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** Issue 15: the offer's parties (a guest buyer with `?key=`) and the team; anyone else 404. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadOfferPage(context, request, params.offerId);
}

/** The moves without a card (field `intent`), through the same services as the API. */
export function action({ request, context, params }: Route.ActionArgs) {
  return offerPageAction(context, request, params.offerId);
}

/** After a move, read the offer again, also when it was refused (it may have moved meanwhile). */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

/**
 * The buyer's card moves (the shared card form and Stripe's loader) are a separate
 * download, fetched only for a page that shows them. The server still
 * renders it into the page; in the browser it becomes interactive once its code arrives.
 */
const LazyCardMove = lazy(() =>
  import("../features/offers/offer-card-move").then((module) => ({
    default: module.OfferCardMove,
  })),
);

function CardMove(props: CardMoveProps) {
  return (
    <Suspense
      fallback={
        <p className="status-text" role="status">
          Loading...
        </p>
      }
    >
      <LazyCardMove {...props} />
    </Suspense>
  );
}

/**
 * The offer (app/features/offers), with the buyer's moves that authorize their card
 * again loaded apart from the page.
 */
export default function Offer({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <OfferPage
      offer={loaderData.offer}
      accessKey={loaderData.accessKey}
      arrival={readOfferPageState(location.state)}
      result={actionData}
      CardMove={CardMove}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteLoadError fallback={m.loadFailed} />;
}
