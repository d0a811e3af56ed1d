import { type ComponentProps, Suspense, lazy } from "react";
import type { ArtistReviewsSection } from "./artist-reviews";

const LoadedArtistReviews = lazy(() =>
  import("./artist-reviews").then((module) => ({ default: module.ArtistReviewsSection })),
);

/**
 * The profile's reviews as a download of their own (decision 0034): below the works, so
 * the server renders them into the page and the browser fetches their script beside the
 * page's, not before the first paint.
 */
export function LazyArtistReviews(props: ComponentProps<typeof ArtistReviewsSection>) {
  return (
    <Suspense fallback={null}>
      <LoadedArtistReviews {...props} />
    </Suspense>
  );
}
