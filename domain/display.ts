/** Category names are stored with underscores ("mixed_media") and shown as "Mixed Media". */
export function categoryLabel(name: string): string {
  return name
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * A category name as the team types it ("Mixed Media") in its stored form
 * ("mixed_media"): trimmed, lower case, words joined by one underscore.
 */
export function categoryStoredName(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .split(/[\s_]+/u)
    .filter(Boolean)
    .join("_");
}

const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** SPEC §5: a price shows as an empty string when there is none. Amounts are USD cents. */
export function priceText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100);
}

/** SPEC §5: '{width} inches x {height} inches', plus depth when above 0; otherwise 'Size not specified'. */
export function sizeText(size: {
  width?: number | null;
  height?: number | null;
  depth?: number | null;
}): string {
  const { width, height, depth } = size;
  if (!width || !height || width <= 0 || height <= 0) return "Size not specified";
  const base = `${width} inches x ${height} inches`;
  return depth && depth > 0 ? `${base} x ${depth} inches` : base;
}

/** Card and detail fallbacks of SPEC §2. */
export function artistNameText(name: string | null | undefined): string {
  return name?.trim() ? name : "Unknown Artist";
}

export function titleText(title: string | null | undefined): string {
  return title?.trim() ? title : "Untitled";
}

export function yearText(year: number | null | undefined): string {
  return year ? String(year) : "Year Unknown";
}

export function materialsText(materials: string | null | undefined): string {
  return materials?.trim() ? materials : "Materials not specified";
}

/**
 * The card's line for a work open to offers only (decision 0030), and the offer button's
 * words (domain/offers.ts): here, so a card does not bring the offers' rules with it.
 */
export const MAKE_AN_OFFER = "Make an Offer";

/**
 * The card's price line: the price for sale; 'Make an Offer' for a work listed for offers
 * only; 'SOLD' for a sold one. The SPEC's card rule reads every work that is not for sale
 * as sold; offers only is a different state (decision 0030).
 */
export function cardPriceText(artwork: {
  isForSale: boolean;
  offersOnly: boolean;
  price: number | null;
}): string {
  if (artwork.isForSale) return priceText(artwork.price);
  return artwork.offersOnly ? MAKE_AN_OFFER : "SOLD";
}

/** The smallest image that exists: thumbnail, then medium, then original (SPEC §2). */
export function cardImage(images: {
  imageThumbnail?: string | null;
  imageMedium?: string | null;
  imageOriginal?: string | null;
}): string | null {
  return images.imageThumbnail || images.imageMedium || images.imageOriginal || null;
}
