/**
 * SPEC §2's texts shown while a page's data load, in a module of their own: the site's
 * layout shows them (app/features/layout/page-loading-text.ts) on every page, and the
 * message lists they belong to (checkout, profile, discovery) would otherwise come with
 * them into every page's first download (decision 0034).
 */
export const ARTIST_PROFILE_LOADING = "Loading artist profile...";
export const PROFILE_LOADING = "Loading profile...";
export const PURCHASE_HISTORY_LOADING = "Loading purchase history...";
