import { type ListingDraft, droppedPreviews } from "./listing-draft";

/**
 * The one listing draft of this browser tab, shared by /upload and /listing-preview
 * (decision 0012). Plain module state: it lives as long as the page's JavaScript, so
 * it survives navigating between the two routes (chosen File objects included) and is
 * gone after a reload. Only event handlers and effects write it, never a render, so on
 * the server (where this module is shared by every request) it is always empty.
 */
let current: ListingDraft | null = null;

/** `revoke` frees a preview address; URL.revokeObjectURL in the browser. */
export type Revoke = (src: string) => void;

function revokeObjectUrl(src: string) {
  URL.revokeObjectURL(src);
}

/** The draft for this listing (null: a new one; else the artwork's id), or null. */
export function getListingDraft(artworkId?: string | null): ListingDraft | null {
  if (!current) return null;
  if (artworkId !== undefined && current.artworkId !== artworkId) return null;
  return current;
}

/**
 * Keeps `draft` as the current draft. Previews of images it no longer holds (removed,
 * or of a draft it replaces) are freed.
 */
export function saveListingDraft(draft: ListingDraft, revoke: Revoke = revokeObjectUrl) {
  if (current && current !== draft) droppedPreviews(current.images, draft.images).forEach(revoke);
  current = draft;
}

/** Forgets the draft (after it was saved) and frees its previews. */
export function clearListingDraft(revoke: Revoke = revokeObjectUrl) {
  if (current) droppedPreviews(current.images, []).forEach(revoke);
  current = null;
}

/**
 * Edit Listing on the artwork page starts from the artwork as stored: an older unsaved
 * draft of that artwork is forgotten (a draft of another listing is kept).
 */
export function forgetListingDraftOf(artworkId: string, revoke: Revoke = revokeObjectUrl) {
  if (getListingDraft(artworkId)) clearListingDraft(revoke);
}
