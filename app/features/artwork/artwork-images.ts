import type { ArtworkDetail } from "../../../server/features/artworks/artworks.types";

/** One picture of the carousel: what to show, a larger choice, and the original to link. */
export type CarouselImage = {
  src: string;
  /** `medium 1200w, original 2400w` when both exist; undefined when there is one file. */
  srcSet: string | undefined;
  original: string;
  thumbnail: string;
};

/**
 * ARCHITECTURE "Images": detail pages show the medium image (at most 1200 px wide)
 * with the original offered as the larger choice. The original's width is not
 * stored; it is only ever offered when a screen needs more than the medium has.
 */
export function toCarouselImage(image: {
  medium?: string | null;
  original?: string | null;
  thumbnail?: string | null;
}): CarouselImage | null {
  const src = image.medium || image.original || image.thumbnail;
  if (!src) return null;
  const original = image.original || src;
  return {
    src,
    srcSet: original !== src ? `${src} 1200w, ${original} 2400w` : undefined,
    original,
    thumbnail: image.thumbnail || src,
  };
}

/** The artwork's pictures in order; its main image alone when it has no list. */
export function carouselImages(
  artwork: Pick<ArtworkDetail, "images" | "imageMedium" | "imageOriginal" | "imageThumbnail">,
): CarouselImage[] {
  const listed = artwork.images
    .map(toCarouselImage)
    .filter((image): image is CarouselImage => image !== null);
  if (listed.length > 0) return listed;
  const main = toCarouselImage({
    medium: artwork.imageMedium,
    original: artwork.imageOriginal,
    thumbnail: artwork.imageThumbnail,
  });
  return main ? [main] : [];
}

/**
 * width/height attributes for the main picture, in the work's proportions. The box
 * around it has a fixed shape (CSS), so these only give the browser the ratio early.
 */
export function intrinsicSize(work: { width: number; height: number }): {
  width: number;
  height: number;
} {
  if (work.width <= 0 || work.height <= 0) return { width: 1200, height: 1200 };
  const scale = 1200 / Math.max(work.width, work.height);
  return {
    width: Math.round(work.width * scale),
    height: Math.round(work.height * scale),
  };
}
