import { reviewAction } from "../features/reviews/reviews.server";
import type { Route } from "./+types/review-action";

/** Only forms post here: there is no page to open. */
export function loader() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
}

/** The artist's reply and people's reports of a review post here (a resource route). */
export function action({ request, context, params }: Route.ActionArgs) {
  return reviewAction(context, request, params.reviewId);
}
