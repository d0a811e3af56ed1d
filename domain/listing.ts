/**
 * The listing form's rules (SPEC §5 "Listing form"), shared by the /upload form and
 * the listing API, so the browser and the server refuse the same input with the same
 * message in the same order.
 */

/** Most images one artwork can have; the first is the cover. */
export const MAX_LISTING_IMAGES = 8;
/**
 * Largest price accepted, in cents ($900,000): with the highest state sales tax the
 * total stays under the largest card payment Stripe takes ($999,999.99).
 */
export const MAX_PRICE_CENTS = 90_000_000;
export const MIN_CREATED_YEAR = 1000;
export const MAX_TITLE_LENGTH = 200;
export const MAX_MATERIALS_LENGTH = 500;
export const MAX_DESCRIPTION_LENGTH = 5000;
/** Largest width, height or depth, in inches. */
export const MAX_DIMENSION_INCHES = 10_000;
export const ZIP_CODE_LENGTH = 5;

/** SPEC §5 and §8 verbatim, then our own texts for what the SPEC leaves open. */
export const listingMessages = {
  title: "Please enter a title for the artwork.",
  createdYear: "Please enter the year the artwork was created.",
  categories: "Please select at least one category.",
  price: "Please enter a price for the artwork.",
  materials: "Please enter the materials used in the artwork.",
  width: "Please enter a valid width for the artwork.",
  height: "Please enter a valid height for the artwork.",
  zipCode: "Please enter a zip code for buyer pick-up.",
  image: "Please upload an image of the artwork.",
  deleteConfirm: "Are you sure you want to delete this listing? This action cannot be undone.",
  deleteFailed: "Failed to delete listing. Please try again.",
  deleted: "Listing has been deleted.",
  toggleFailed: "Failed to update listing status. Please try again.",
  uploadFailedPrefix: "Upload Failed: ",
  // Not in the SPEC.
  depth: "Please enter a depth of 0 or more whole inches, or leave it empty.",
  tooManyImages: `An artwork can have at most ${MAX_LISTING_IMAGES} images.`,
  titleTooLong: `The title can be at most ${MAX_TITLE_LENGTH} characters.`,
  materialsTooLong: `Materials can be at most ${MAX_MATERIALS_LENGTH} characters.`,
  descriptionTooLong: "The description can be at most 5,000 characters.",
  priceTooHigh: "The price can be at most $900,000.",
  // Offers.
  offerMinimum: "Please enter the minimum offer in whole dollars above $0, or leave it empty.",
  offerMinimumTooHigh: "The minimum offer can be at most $900,000.",
  offerMinimumNotBelowPrice: "The minimum offer must be below the price.",
} as const;

const m = listingMessages;

/**
 * A whole number from a form field or a JSON value: "12" and 12 are 12; "1.5", "1e3",
 * "-2", "" and anything else are null. Surrounding spaces are allowed.
 */
export function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/**
 * Dollars typed by a person ("1200", "1,200", "$1,200.50") as cents; null when it is
 * not a positive amount with at most two decimals.
 */
export function dollarsToCents(value: string): number | null {
  const text = value.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** Cents as the dollars a person would type back into the form: 120050 → "1200.50". */
export function centsToDollarsText(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A plausible year of creation: from 1000 to this year. */
export function isPlausibleCreatedYear(year: number, now: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= MIN_CREATED_YEAR && year <= now.getUTCFullYear();
}

export function isZipCode(value: string): boolean {
  return new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`).test(value.trim());
}

/** What a listing holds once its fields are read; money in cents, sizes in whole inches. */
export type ListingFields = {
  title: string;
  createdYear: number | null;
  categoryIds: string[];
  isForSale: boolean;
  /** Cents; needed for sale, and kept while the work is off sale (decision 0023). */
  price: number | null;
  materials: string;
  width: number | null;
  height: number | null;
  /** 0 when the work has none; null when what was given is not a whole number (refused). */
  depth: number | null;
  description: string;
  isPublicArt: boolean;
  allowBuyerPickUp: boolean;
  /** Sold without returns (decision 0055). */
  finalSale: boolean;
  zipCode: string | null;
  /** Upload ids (or ids of the artwork's current images), in the artist's order. */
  imageIds: string[];
  /** Offers allowed on a work for sale at a price; an offers-only work takes them anyway. */
  acceptsOffers: boolean;
  /**
   * Cents; offers below it are declined automatically and buyers never see it. Kept while
   * it does not apply, like the price (decision 0023).
   */
  offerMinimum: number | null;
};

/** Whether the minimum offer matters: offers only, or for sale with offers allowed. */
export function offerMinimumApplies(fields: { isForSale: boolean; acceptsOffers: boolean }) {
  return !fields.isForSale || fields.acceptsOffers;
}

/**
 * The first rule of SPEC §5 that the listing breaks, in the SPEC's order, then our own
 * limits; null when it may be saved.
 */
export function firstListingProblem(fields: ListingFields, now: Date = new Date()): string | null {
  if (!fields.title.trim()) return m.title;
  if (fields.createdYear === null || !isPlausibleCreatedYear(fields.createdYear, now))
    return m.createdYear;
  if (fields.categoryIds.length === 0) return m.categories;
  // Needed for sale; kept while off sale (decision 0023), so any price given must be one.
  if (fields.isForSale && fields.price === null) return m.price;
  if (fields.price !== null && !(Number.isSafeInteger(fields.price) && fields.price > 0))
    return m.price;
  if (fields.price !== null && fields.price > MAX_PRICE_CENTS) return m.priceTooHigh;
  const minimum = fields.offerMinimum;
  if (minimum !== null) {
    if (!(Number.isSafeInteger(minimum) && minimum > 0 && minimum % 100 === 0))
      return m.offerMinimum;
    if (minimum > MAX_PRICE_CENTS) return m.offerMinimumTooHigh;
    // An offer at the price is a purchase: a minimum at or above it would refuse every offer.
    if (
      fields.isForSale &&
      fields.acceptsOffers &&
      fields.price !== null &&
      minimum >= fields.price
    )
      return m.offerMinimumNotBelowPrice;
  }
  if (!fields.materials.trim()) return m.materials;
  if (!isDimension(fields.width, 1)) return m.width;
  if (!isDimension(fields.height, 1)) return m.height;
  // Not a SPEC rule, but checked with its neighbours: null is a depth that was not a whole number.
  if (!isDimension(fields.depth, 0)) return m.depth;
  if (fields.allowBuyerPickUp && !isZipCode(fields.zipCode ?? "")) return m.zipCode;
  if (fields.imageIds.length === 0) return m.image;
  if (fields.imageIds.length > MAX_LISTING_IMAGES) return m.tooManyImages;
  if (fields.title.trim().length > MAX_TITLE_LENGTH) return m.titleTooLong;
  if (fields.materials.trim().length > MAX_MATERIALS_LENGTH) return m.materialsTooLong;
  if (fields.description.length > MAX_DESCRIPTION_LENGTH) return m.descriptionTooLong;
  return null;
}

function isDimension(value: number | null, min: number): boolean {
  return (
    value !== null && Number.isSafeInteger(value) && value >= min && value <= MAX_DIMENSION_INCHES
  );
}

/** What is stored for a valid listing: the SPEC §3 and §9 defaults applied. */
export type ListingValues = Omit<ListingFields, "depth" | "width" | "height"> & {
  width: number;
  height: number;
  depth: number;
  status: "available" | "not for sale";
};

/**
 * SPEC §3/§9: depth 0 when none, zipCode null unless pick-up, status 'available' when
 * for sale and 'not for sale' otherwise. The price is the artist's asking price and is
 * kept while the work is off sale, so putting it back on sale finds it (decision 0023).
 * Texts trimmed, the zip code too, categories and images without repeats.
 */
export function listingValues(fields: ListingFields): ListingValues {
  return {
    ...fields,
    title: fields.title.trim(),
    materials: fields.materials.trim(),
    description: fields.description.trim(),
    width: fields.width ?? 0,
    height: fields.height ?? 0,
    depth: fields.depth ?? 0,
    zipCode: fields.allowBuyerPickUp ? (fields.zipCode ?? "").trim() : null,
    categoryIds: [...new Set(fields.categoryIds)],
    imageIds: [...new Set(fields.imageIds)],
    status: fields.isForSale ? "available" : "not for sale",
  };
}

/** The listing form's fields as typed (all text, as a form holds them). */
export type ListingFormValues = {
  title: string;
  createdYear: string;
  categoryIds: string[];
  isForSale: boolean;
  price: string;
  materials: string;
  width: string;
  height: string;
  depth: string;
  description: string;
  allowBuyerPickUp: boolean;
  finalSale: boolean;
  zipCode: string;
  imageIds: string[];
  acceptsOffers: boolean;
  /** Whole dollars as typed; empty for none. */
  offerMinimum: string;
};

/**
 * The minimum offer as typed: empty is none (null); whole dollars ("1200", "$1,200")
 * are cents; anything else is -1, which the rules refuse with their message.
 */
function minimumFromForm(text: string): number | null {
  if (text.trim() === "") return null;
  return dollarsToCents(text) ?? -1;
}

/**
 * Reads the form's text into listing fields: "1.5" for a width is not a whole number
 * and becomes null, so the width rule refuses it; an empty depth is 0. The price is
 * read for offers only too (its field is hidden then), so an edit keeps it. The minimum
 * offer is read only where it applies (offers only, or offers allowed).
 */
export function listingFieldsFromForm(form: ListingFormValues): ListingFields {
  const depthText = form.depth.trim();
  return {
    title: form.title,
    createdYear: wholeNumber(form.createdYear),
    categoryIds: form.categoryIds,
    isForSale: form.isForSale,
    price: dollarsToCents(form.price),
    materials: form.materials,
    width: wholeNumber(form.width),
    height: wholeNumber(form.height),
    depth: depthText === "" ? 0 : wholeNumber(depthText),
    description: form.description,
    isPublicArt: false,
    allowBuyerPickUp: form.allowBuyerPickUp,
    finalSale: form.finalSale,
    zipCode: form.allowBuyerPickUp ? form.zipCode : null,
    imageIds: form.imageIds,
    acceptsOffers: form.acceptsOffers,
    // Its field shows only where it applies: a minimum the artist cannot see is not sent.
    offerMinimum: offerMinimumApplies(form) ? minimumFromForm(form.offerMinimum) : null,
  };
}
