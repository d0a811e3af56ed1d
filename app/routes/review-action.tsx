import { reviewAction } from "../features/reviews/reviews.server";
import type { Route } from "./+types/review-action";

/** The artist's reply and people's reports of a review post here (a resource route). */
export function action({ request, context, params }: Route.ActionArgs) {
  return reviewAction(context, request, params.reviewId);
}
