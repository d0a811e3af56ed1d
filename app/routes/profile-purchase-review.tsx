import { redirect } from "react-router";
import { orderReviewAction } from "../features/reviews/reviews.server";
import type { Route } from "./+types/profile-purchase-review";

/** Only the form posts here; an address opened in the browser goes to the order page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/profile/purchases/${encodeURIComponent(params.orderId)}`);
}

/** The buyer's review form on their order page posts here (a resource route). */
export function action({ request, context, params }: Route.ActionArgs) {
  return orderReviewAction(context, request, params.orderId);
}
