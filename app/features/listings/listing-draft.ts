import {
  type ListingFields,
  type ListingFormValues,
  MAX_LISTING_IMAGES,
  centsToDollarsText,
  listingFieldsFromForm,
} from "../../../domain/listing";
import type { ArtworkDetail, ListingBody } from "../../../contracts/artworks.contract";

/** The form's fields as typed, without the images (those are `DraftImage`s). */
export type ListingDraftValues = Omit<ListingFormValues, "imageIds">;

/**
 * One picture of the listing. A file the artist just chose has `file` and a preview
 * address (an object URL); it gets `id` once uploaded, so a retry after a failed save
 * does not upload it again. A picture already stored with the artwork has `id` only.
 */
export type DraftImage = {
  /** Stable across reorders: React's key and the base of the controls' labels. */
  key: string;
  file: File | null;
  id: string | null;
  /** What the form and the preview show: the object URL, or the stored medium image. */
  src: string;
  thumbnail: string;
  original: string;
  name: string;
};

/** Everything /upload and /listing-preview share while the artist works on a listing. */
export type ListingDraft = {
  /** null: a new listing; otherwise the artwork being edited. */
  artworkId: string | null;
  artistName: string;
  values: ListingDraftValues;
  images: DraftImage[];
};

export const emptyValues: ListingDraftValues = {
  title: "",
  createdYear: "",
  categoryIds: [],
  isForSale: true,
  price: "",
  materials: "",
  width: "",
  height: "",
  depth: "",
  description: "",
  allowBuyerPickUp: false,
  finalSale: false,
  zipCode: "",
  acceptsOffers: false,
  offerMinimum: "",
};

export function emptyDraft(artistName: string): ListingDraft {
  return { artworkId: null, artistName, values: emptyValues, images: [] };
}

/** Edit mode: the form opens filled with the artwork as stored (price in dollars). */
export function draftFromArtwork(artwork: ArtworkDetail): ListingDraft {
  return {
    artworkId: artwork.id,
    artistName: artwork.artist.displayName,
    values: {
      title: artwork.title,
      createdYear: artwork.createdYear === null ? "" : String(artwork.createdYear),
      categoryIds: artwork.categories.map((c) => c.id),
      isForSale: artwork.isForSale,
      price: centsToDollarsText(artwork.price),
      materials: artwork.materials,
      width: artwork.width > 0 ? String(artwork.width) : "",
      height: artwork.height > 0 ? String(artwork.height) : "",
      // Depth 0 means "none" (SPEC §3): an empty field says the same.
      depth: artwork.depth > 0 ? String(artwork.depth) : "",
      description: artwork.description,
      allowBuyerPickUp: artwork.allowBuyerPickUp,
      finalSale: artwork.finalSale,
      zipCode: artwork.zipCode ?? "",
      acceptsOffers: artwork.allowOffers,
      // Only the artist receives their minimum; the edit page is theirs alone.
      offerMinimum: centsToDollarsText(artwork.offerMinimum),
    },
    images: artwork.images.map((image, index) => ({
      key: `stored-${image.id}`,
      file: null,
      id: image.id,
      src: image.medium || image.original,
      thumbnail: image.thumbnail || image.medium || image.original,
      original: image.original,
      name: `Image ${index + 1}`,
    })),
  };
}

/** The draft as the shared listing rules read it (image ids stand in for images not yet sent). */
export function draftFields(draft: ListingDraft): ListingFields {
  return listingFieldsFromForm({
    ...draft.values,
    imageIds: draft.images.map((image) => image.id ?? image.key),
  });
}

/**
 * The JSON body of `POST /api/artworks` (or `PATCH` in edit mode) once every image has
 * an id. Edit mode leaves out isPublicArt, which the form does not show, so an edit
 * never changes it.
 */
export function listingBody(draft: ListingDraft): Partial<ListingBody> {
  const missing = draft.images.find((image) => image.id === null);
  if (missing) throw new Error(`Image ${missing.name} has not been uploaded`);
  const { isPublicArt, ...fields } = draftFields(draft);
  return draft.artworkId === null ? { ...fields, isPublicArt } : fields;
}

let nextKey = 0;

/**
 * Adds chosen files after the current images, up to MAX_LISTING_IMAGES; `refused` counts
 * the files that did not fit. `previewOf` makes the preview address (URL.createObjectURL).
 */
export function addFiles(
  images: DraftImage[],
  files: File[],
  previewOf: (file: File) => string,
): { images: DraftImage[]; refused: number } {
  const room = Math.max(0, MAX_LISTING_IMAGES - images.length);
  const taken = files.slice(0, room).map((file): DraftImage => {
    const src = previewOf(file);
    nextKey += 1;
    return {
      key: `file-${nextKey}`,
      file,
      id: null,
      src,
      thumbnail: src,
      original: src,
      name: file.name,
    };
  });
  return { images: [...images, ...taken], refused: files.length - taken.length };
}

/** Moves the image at `index` by `delta` places (−1 earlier, +1 later); unchanged at the ends. */
export function moveImage(images: DraftImage[], index: number, delta: number): DraftImage[] {
  const target = index + delta;
  if (index < 0 || index >= images.length || target < 0 || target >= images.length) return images;
  const next = [...images];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

export function removeImage(images: DraftImage[], index: number): DraftImage[] {
  return images.filter((_, i) => i !== index);
}

/** The draft with the upload's id recorded on the image that was sent. */
export function withUploadedId(draft: ListingDraft, key: string, id: string): ListingDraft {
  return {
    ...draft,
    images: draft.images.map((image) => (image.key === key ? { ...image, id } : image)),
  };
}

/** Preview addresses of `before` that `after` no longer shows: these can be revoked. */
export function droppedPreviews(before: DraftImage[], after: DraftImage[]): string[] {
  const kept = new Set(after.map((image) => image.src));
  return before.filter((image) => image.file && !kept.has(image.src)).map((image) => image.src);
}
