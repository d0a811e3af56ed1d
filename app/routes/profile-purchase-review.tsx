import { orderReviewAction } from "../features/reviews/reviews.server";
import type { Route } from "./+types/profile-purchase-review";

/** The buyer's review form on their order page posts here (a resource route). */
export function action({ request, context, params }: Route.ActionArgs) {
  return orderReviewAction(context, request, params.orderId);
}
