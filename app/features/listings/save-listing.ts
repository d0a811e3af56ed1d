import { INVALID_RESPONSE_MESSAGE } from "../../../domain/errors";
import { ApiError, request } from "../../lib/api-client";
import {
  type UploadPart,
  fileBytesSent,
  overallPercent,
  uploadWithProgress,
} from "../../lib/upload-with-progress";
import { type ListingDraft, listingBody, withUploadedId } from "./listing-draft";
import { listingPageMessages as m } from "./listings.messages";

/**
 * Confirm (decision 0012): first each new image is uploaded, one after another, with
 * one progress in whole percent over all their bytes; then the listing is created
 * (POST) or, in edit mode, saved (PATCH) with the images' ids in the artist's order.
 * Every upload's id is handed to `onDraft` at once, so a retry after a failure sends
 * only what the server does not have yet. Resolves with the artwork's id. The answers'
 * schemas (and zod) are downloaded when Confirm is pressed, not with the page (decision 0034).
 */
export async function saveListing(
  start: ListingDraft,
  onProgress: (percent: number) => void,
  onDraft: (draft: ListingDraft) => void,
): Promise<string> {
  const [{ artworkDetailSchema }, { uploadedImageSchema }] = await Promise.all([
    import("../../../contracts/artworks.contract"),
    import("../../../contracts/uploads.contract"),
  ]);
  let draft = start;
  const pending = draft.images.filter((image) => image.id === null && image.file !== null);
  const parts: UploadPart[] = pending.map((image) => ({
    size: image.file?.size ?? 0,
    sent: 0,
    done: false,
  }));
  onProgress(overallPercent(parts));
  for (const [index, image] of pending.entries()) {
    const part = parts[index];
    if (!part || !image.file) continue;
    const form = new FormData();
    form.append("image", image.file, image.file.name);
    const answer = await uploadWithProgress("/api/uploads/images", form, (loaded, total) => {
      part.sent = fileBytesSent(part.size, loaded, total);
      onProgress(overallPercent(parts));
    });
    const uploaded = uploadedImageSchema.safeParse(answer);
    if (!uploaded.success) throw new ApiError(200, "INVALID_RESPONSE", INVALID_RESPONSE_MESSAGE);
    const { id } = uploaded.data;
    part.done = true;
    draft = withUploadedId(draft, image.key, id);
    onDraft(draft);
    onProgress(overallPercent(parts));
  }
  const body = listingBody(draft);
  const saved =
    draft.artworkId === null
      ? await request("/api/artworks", { method: "POST", body, schema: artworkDetailSchema })
      : await request(`/api/artworks/${encodeURIComponent(draft.artworkId)}`, {
          method: "PATCH",
          body,
          schema: artworkDetailSchema,
        });
  return saved.id;
}

/** SPEC §8: 'Upload Failed: ' plus the message (the server's, when it gave one). */
export function uploadFailedText(error: unknown): string {
  const message = error instanceof ApiError ? error.message : m.unknownFailure;
  return `${m.uploadFailedPrefix}${message}`;
}
