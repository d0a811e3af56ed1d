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
 * ARCHITECTURE "Images": detail pages show the medium image (fitted inside 1200 px),
 * with the thumbnail (fitted inside 500 px) as the smaller choice, so a phone downloads
 * what its screen needs (decision 0034). The original is linked ("View full
 * size"), not offered in the srcset: it is a JPEG of up to 4000 px, many times the
 * bytes, and the picture box is at most 625 px wide. With the original's stored size
 * the widths are the real ones; without it (older data) the long side is taken as the
 * width (500 and 1200).
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
  const thumbnail = image.thumbnail || src;
  return {
    src,
    srcSet: thumbnail !== src ? srcSetOf(thumbnail, src, image.width, image.height) : undefined,
    original,
    thumbnail,
  };
}

const THUMBNAIL_BOX = 500;
const MEDIUM_BOX = 1200;

/** The width of a derivative fitted inside `box` px; the box itself when the size is unknown. */
function fittedWidth(
  box: number,
  width: number | null | undefined,
  height: number | null | undefined,
) {
  if (!width || !height) return box;
  return Math.round(width * Math.min(1, box / Math.max(width, height)));
}

function srcSetOf(
  thumbnail: string,
  medium: string,
  width: number | null | undefined,
  height: number | null | undefined,
): string | undefined {
  const thumbnailWidth = fittedWidth(THUMBNAIL_BOX, width, height);
  const mediumWidth = fittedWidth(MEDIUM_BOX, width, height);
  // A picture no larger than the thumbnail: the medium is the same picture.
  if (mediumWidth <= thumbnailWidth) return undefined;
  return `${thumbnail} ${thumbnailWidth}w, ${medium} ${mediumWidth}w`;
}

/**
 * How wide the carousel's picture box is (artworks.css): the page's width less its
 * padding on phones (343 px at 375 px); from 900 px, 7/12 of the two columns (about
 * 52vw); from 1200 px the page stops growing and the box is 625 px. A hint for choosing
 * from the srcset, checked against the layout at 375 and 1440 px in e2e/first-paint.spec.ts.
 */
export const CAROUSEL_SIZES =
  "(min-width: 1200px) 625px, (min-width: 900px) 52vw, calc(100vw - 2rem)";

/** Where a card sits: a page's grid, or an artwork page's rail (a sideways row on phones). */
export type CardLayout = "grid" | "rail";

/**
 * On a phone (up to 600 px, artworks.css) a rail's card is 72% of the page less its
 * padding; from there on a rail is the page's grid.
 */
const RAIL_PHONE_MAX = 600;
/** A grid's column on a phone (app.css: two columns up to 480 px, 0.75rem apart). */
const PHONE_COLUMN = "calc((100vw - 2.75rem) / 2)";
const RAIL_PHONE_COLUMN = "calc((100vw - 2rem) * 0.72)";

/**
 * A card's picture fields without the original's address when the card does not use it
 * (it has both derivatives, see `cardImageSet`): the home page's thirty cards carry it in
 * their data otherwise, for nothing (decision 0034).
 */
export function withoutUnusedOriginal<
  T extends {
    imageThumbnail?: string | null;
    imageMedium?: string | null;
    imageOriginal?: string | null;
  },
>(card: T): T {
  return card.imageThumbnail && card.imageMedium ? { ...card, imageOriginal: null } : card;
}

/**
 * A card's picture (app.css `.artwork-card-image`): 250 px high, covering the grid's
 * column, so it is drawn max(column, 250 × width/height) px wide. The column is half the
 * page less its padding and gap on phones (two columns up to 480 px), the page less its
 * padding up to about 500 px, at most about 345 px in between, and 256 px from 1200 px
 * (four columns of the 1120 px page). In an artwork
 * page's rail on a phone the column is 72% of that: with the grid's sizes a phone would
 * fetch the medium file for a thumbnail's room (decision 0034).
 */
export function cardImageSet(
  card: {
    imageThumbnail?: string | null;
    imageMedium?: string | null;
    imageOriginal?: string | null;
    width: number;
    height: number;
  },
  layout: CardLayout = "grid",
): { src: string; srcSet: string | undefined; sizes: string | undefined } | null {
  const thumbnail = card.imageThumbnail || card.imageMedium || card.imageOriginal;
  if (!thumbnail) return null;
  const medium = card.imageMedium || card.imageOriginal;
  const ratio = card.width > 0 && card.height > 0 ? card.width / card.height : 1;
  if (!medium || medium === thumbnail)
    return { src: thumbnail, srcSet: undefined, sizes: undefined };
  // The derivatives' widths from the work's proportions (the card has no pixel sizes).
  const across = (box: number) => Math.round(ratio >= 1 ? box : box * ratio);
  const drawn = Math.round(250 * ratio);
  const atLeast = (column: number) => `${Math.max(column, drawn)}px`;
  const grid =
    drawn >= 345
      ? `${drawn}px`
      : `(min-width: 1200px) ${atLeast(256)}, (min-width: 500px) ${atLeast(345)}, (min-width: 481px) calc(100vw - 2rem), max(${PHONE_COLUMN}, ${drawn}px)`;
  // A rail's phone column is at most 0.72 × (600 − 32) ≈ 409 px: a wider drawing is its own width.
  const rail =
    drawn >= 409
      ? grid
      : `(max-width: ${RAIL_PHONE_MAX}px) max(${RAIL_PHONE_COLUMN}, ${drawn}px), ${grid}`;
  return {
    src: thumbnail,
    srcSet: `${thumbnail} ${across(THUMBNAIL_BOX)}w, ${medium} ${across(MEDIUM_BOX)}w`,
    sizes: layout === "rail" ? rail : grid,
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
