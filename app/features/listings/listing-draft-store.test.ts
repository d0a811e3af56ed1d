import { afterEach, describe, expect, it } from "vitest";
import { addFiles, draftFromArtwork, emptyDraft, removeImage } from "./listing-draft";
import {
  clearListingDraft,
  forgetListingDraftOf,
  getListingDraft,
  saveListingDraft,
} from "./listing-draft-store";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";

const revoked: string[] = [];
const revoke = (src: string) => void revoked.push(src);

function withFiles(...names: string[]) {
  const draft = emptyDraft("Elena Marsh");
  const files = names.map((n) => new File([n], n, { type: "image/png" }));
  return { ...draft, images: addFiles([], files, (f) => `blob:${f.name}`).images };
}

afterEach(() => {
  clearListingDraft(() => undefined);
  revoked.length = 0;
});

describe("the listing draft store", () => {
  it("keeps one draft and hands it back for the same listing only", () => {
    expect(getListingDraft()).toBeNull();
    const draft = withFiles("a");
    saveListingDraft(draft, revoke);
    expect(getListingDraft()).toBe(draft);
    expect(getListingDraft(null)).toBe(draft);
    expect(getListingDraft("w1")).toBeNull();
    // The chosen File itself survives, so Back to edit still has the image.
    expect(getListingDraft()?.images[0]?.file?.name).toBe("a");
  });

  it("frees the preview of a removed image, and of a draft that is replaced", () => {
    const draft = withFiles("a", "b");
    saveListingDraft(draft, revoke);
    saveListingDraft({ ...draft, images: removeImage(draft.images, 0) }, revoke);
    expect(revoked).toEqual(["blob:a"]);
    const edit = draftFromArtwork({
      id: "w1",
      title: "T",
      createdYear: 2020,
      materials: "Oil",
      description: "",
      width: 1,
      height: 1,
      depth: 0,
      price: 100,
      isForSale: true,
      status: "available",
      offersOnly: false,
      acceptsOffers: false,
      allowOffers: false,
      offerMinimum: null,
      isPublicArt: false,
      allowBuyerPickUp: false,
      finalSale: false,
      zipCode: null,
      imageOriginal: null,
      imageMedium: null,
      imageThumbnail: null,
      images: [],
      categories: [],
      artist: { id: "a1", displayName: "Elena Marsh", birthYear: null, city: null },
      ownerId: "a1",
      exhibitions: [],
      createdAt: "2025-01-01T00:00:00.000Z",
    } satisfies ArtworkDetail);
    saveListingDraft(edit, revoke);
    expect(revoked).toEqual(["blob:a", "blob:b"]);
    expect(getListingDraft("w1")).toBe(edit);
    expect(getListingDraft(null)).toBeNull();
  });

  it("forgets the draft after saving and frees all its previews", () => {
    saveListingDraft(withFiles("a", "b"), revoke);
    clearListingDraft(revoke);
    expect(getListingDraft()).toBeNull();
    expect(revoked).toEqual(["blob:a", "blob:b"]);
  });

  it("forgets, for Edit Listing, only an older draft of the same artwork", () => {
    const newListing = withFiles("a");
    saveListingDraft(newListing, revoke);
    forgetListingDraftOf("w1", revoke);
    expect(getListingDraft()).toBe(newListing);
    saveListingDraft({ ...withFiles("b"), artworkId: "w1" }, revoke);
    forgetListingDraftOf("w1", revoke);
    expect(getListingDraft()).toBeNull();
    expect(revoked).toEqual(["blob:a", "blob:b"]);
  });
});
