import type { ArtworkDetail } from "../../contracts/artworks.contract";

/** One picture of the carousel: what to show, a larger choice, and the original to link. */
export type CarouselImage = {
  src: string;
  /**
   * The medium and the original with their widths, when the original is larger;
   * undefined when there is one file or the medium is already the whole picture.
   */
  srcSet: string | undefined;
  original: string;
  thumbnail: string;
};

/**
 * ARCHITECTURE "Images": detail pages show the medium image (fitted inside 1200 px)
 * with the original offered as the larger choice. With the original's stored size the
 * widths are the real ones; without it (older data) the medium is taken as 1200 px and
 * the original as 2400 px, so the original is only chosen when a screen needs more.
 */
export function toCarouselImage(image: {
  medium?: string | null;
  original?: string | null;
  thumbnail?: string | null;
  width?: number | null;
  height?: number | null;
}): CarouselImage | null {
  const src = image.medium || image.original || image.thumbnail;
  if (!src) return null;
  const original = image.original || src;
  return {
    src,
    srcSet: original !== src ? srcSetOf(src, original, image.width, image.height) : undefined,
    original,
    thumbnail: image.thumbnail || src,
  };
}

const MEDIUM_BOX = 1200;

function srcSetOf(
  medium: string,
  original: string,
  width: number | null | undefined,
  height: number | null | undefined,
): string | undefined {
  if (!width || !height) return `${medium} ${MEDIUM_BOX}w, ${original} ${MEDIUM_BOX * 2}w`;
  const mediumWidth = Math.round(width * Math.min(1, MEDIUM_BOX / Math.max(width, height)));
  // A picture no larger than the medium has nothing more to offer.
  if (mediumWidth >= width) return undefined;
  return `${medium} ${mediumWidth}w, ${original} ${width}w`;
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
