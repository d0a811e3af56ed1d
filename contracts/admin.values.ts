/**
 * The plain values of the console's contracts (admin*.contract.ts, which re-export
 * them): no zod, so the console's pages do not download the schemas to know a length
 * limit (decision 0034).
 */

/** The longest reason, message or note the console accepts. */
export const MAX_ADMIN_TEXT = 2_000;

/** The highest place a curated artwork can be given (admin-artworks.contract.ts). */
export const MAX_RANDOM_ORDER = 10_000;

/** The console's Artworks list, a page: each row carries its forms, so it stays short. */
export const ADMIN_ARTWORKS_PAGE_SIZE = 25;

/** The most artworks one exhibition shows (admin-curation.contract.ts). */
export const MAX_EXHIBITION_ARTWORKS = 200;

/** The longest refund reason, cancellation reason or closing note. */
export const MAX_ORDER_TEXT = 500;

/** How the console names an applicant: display name, else first and last, else e-mail. */
export function applicantName(a: {
  displayName: string;
  firstName: string;
  lastName: string;
  email: string;
}): string {
  return a.displayName || `${a.firstName} ${a.lastName}`.trim() || a.email;
}
