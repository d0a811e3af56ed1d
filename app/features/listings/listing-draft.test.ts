import { describe, expect, it } from "vitest";
import { listingMessages as m, firstListingProblem } from "../../../domain/listing";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import {
  type DraftImage,
  type ListingDraft,
  addFiles,
  draftFields,
  draftFromArtwork,
  droppedPreviews,
  emptyDraft,
  listingBody,
  moveImage,
  removeImage,
  withUploadedId,
} from "./listing-draft";
import { artworkDetail, artworkImage } from "../../components/artwork-detail.fixture";

function file(name: string, bytes = 10): File {
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

function preview(f: File) {
  return `blob:test/${f.name}`;
}

function chosen(...names: string[]): DraftImage[] {
  return addFiles(
    [],
    names.map((n) => file(n)),
    preview,
  ).images;
}

const names = (images: DraftImage[]) => images.map((i) => i.name);

function filledDraft(overrides: Partial<ListingDraft["values"]> = {}): ListingDraft {
  const draft = emptyDraft("Elena Marsh");
  return {
    ...draft,
    values: {
      ...draft.values,
      title: "Tide Line",
      createdYear: "2024",
      categoryIds: ["c1"],
      price: "1,250.50",
      materials: "Oil on linen",
      width: "24",
      height: "30",
      ...overrides,
    },
    images: chosen("a.png", "b.png"),
  };
}

function storedArtwork(overrides: Partial<ArtworkDetail> = {}): ArtworkDetail {
  const image = (n: number) =>
    artworkImage(n, {
      id: `img-${n}`,
      original: `/media/${n}-original.jpg`,
      medium: `/media/${n}-medium.webp`,
      thumbnail: `/media/${n}-thumbnail.webp`,
      width: 1200,
      height: 900,
    });
  return artworkDetail({
    description: "Late light.",
    price: 950_050,
    isPublicArt: true,
    allowBuyerPickUp: true,
    zipCode: "97209",
    imageOriginal: "/media/0-original.jpg",
    imageMedium: "/media/0-medium.webp",
    imageThumbnail: "/media/0-thumbnail.webp",
    images: [image(0), image(1)],
    categories: [
      { id: "c1", name: "drawing" },
      { id: "c2", name: "mixed_media" },
    ],
    ...overrides,
  });
}

describe("images of a draft", () => {
  it("adds chosen files after the current ones with preview addresses, up to 8", () => {
    const first = chosen("a.png", "b.png");
    expect(first.map((i) => i.src)).toEqual(["blob:test/a.png", "blob:test/b.png"]);
    expect(first.every((i) => i.id === null && i.file !== null)).toBe(true);
    const more = addFiles(
      first,
      ["c", "d", "e", "f", "g", "h", "i"].map((n) => file(n)),
      preview,
    );
    expect(more.images).toHaveLength(8);
    expect(more.refused).toBe(1);
    expect(names(more.images).slice(0, 3)).toEqual(["a.png", "b.png", "c"]);
    expect(new Set(more.images.map((i) => i.key)).size).toBe(8);
  });

  it("moves an image earlier or later; the ends stay put", () => {
    const images = chosen("a", "b", "c");
    expect(names(moveImage(images, 2, -1))).toEqual(["a", "c", "b"]);
    expect(names(moveImage(images, 0, 1))).toEqual(["b", "a", "c"]);
    expect(moveImage(images, 0, -1)).toBe(images);
    expect(moveImage(images, 2, 1)).toBe(images);
    expect(names(images)).toEqual(["a", "b", "c"]);
  });

  it("removes an image and reports which previews are no longer shown", () => {
    const images = chosen("a", "b", "c");
    const after = removeImage(images, 1);
    expect(names(after)).toEqual(["a", "c"]);
    expect(droppedPreviews(images, after)).toEqual(["blob:test/b"]);
    expect(droppedPreviews(images, [])).toEqual(["blob:test/a", "blob:test/b", "blob:test/c"]);
  });

  it("never reports stored images' addresses as previews to free", () => {
    const stored = draftFromArtwork(storedArtwork()).images;
    expect(droppedPreviews(stored, [])).toEqual([]);
  });
});

describe("the draft and the listing rules", () => {
  it("reads the form's text with the shared rules: the first failure in SPEC order", () => {
    expect(firstListingProblem(draftFields(filledDraft()))).toBeNull();
    expect(firstListingProblem(draftFields(filledDraft({ title: " ", price: "" })))).toBe(m.title);
    expect(firstListingProblem(draftFields(filledDraft({ price: "" })))).toBe(m.price);
    expect(firstListingProblem(draftFields(filledDraft({ price: "", isForSale: false })))).toBe(
      null,
    );
    expect(firstListingProblem(draftFields(filledDraft({ width: "1.5" })))).toBe(m.width);
    expect(firstListingProblem(draftFields({ ...filledDraft(), images: [] }))).toBe(m.image);
  });

  it("builds the create body in cents with the images' ids in order", () => {
    let draft = filledDraft({ depth: "", description: "Low tide." });
    const [a, b] = draft.images;
    draft = withUploadedId(withUploadedId(draft, b!.key, "up-b"), a!.key, "up-a");
    draft = { ...draft, images: moveImage(draft.images, 1, -1) };
    expect(listingBody(draft)).toEqual({
      title: "Tide Line",
      createdYear: 2024,
      categoryIds: ["c1"],
      isForSale: true,
      price: 125_050,
      materials: "Oil on linen",
      width: 24,
      height: 30,
      depth: 0,
      description: "Low tide.",
      isPublicArt: false,
      allowBuyerPickUp: false,
      finalSale: false,
      zipCode: null,
      imageIds: ["up-b", "up-a"],
      acceptsOffers: false,
      offerMinimum: null,
    });
  });

  it("sends Allow offers and the minimum in cents, and no minimum the artist cannot see", () => {
    let draft = filledDraft({ acceptsOffers: true, offerMinimum: "$1,000" });
    draft = {
      ...draft,
      images: draft.images.map((image, i) => ({ ...image, id: `up-${i}` })),
    };
    expect(listingBody(draft)).toMatchObject({ acceptsOffers: true, offerMinimum: 100_000 });
    const closed = { ...draft, values: { ...draft.values, acceptsOffers: false } };
    expect(listingBody(closed)).toMatchObject({ acceptsOffers: false, offerMinimum: null });
    const offersOnly = { ...closed, values: { ...closed.values, isForSale: false } };
    expect(listingBody(offersOnly)).toMatchObject({ isForSale: false, offerMinimum: 100_000 });
    expect(
      firstListingProblem(draftFields(filledDraft({ acceptsOffers: true, offerMinimum: "1.5" }))),
    ).toBe(m.offerMinimum);
  });

  it("refuses to build a body while an image has not been uploaded", () => {
    expect(() => listingBody(filledDraft())).toThrow(/not been uploaded/);
  });
});

describe("edit mode", () => {
  it("opens the form filled from the stored artwork, price in dollars, images by id", () => {
    const draft = draftFromArtwork(storedArtwork());
    expect(draft.artworkId).toBe("w1");
    expect(draft.artistName).toBe("Elena Marsh");
    expect(draft.values).toEqual({
      title: "Salt Marsh in October",
      createdYear: "2017",
      categoryIds: ["c1", "c2"],
      isForSale: true,
      price: "9500.50",
      materials: "Charcoal on paper",
      width: "18",
      height: "26",
      depth: "",
      description: "Late light.",
      allowBuyerPickUp: true,
      finalSale: false,
      zipCode: "97209",
      acceptsOffers: false,
      offerMinimum: "",
    });
    expect(draft.images.map((i) => [i.id, i.src, i.thumbnail, i.file])).toEqual([
      ["img-0", "/media/0-medium.webp", "/media/0-thumbnail.webp", null],
      ["img-1", "/media/1-medium.webp", "/media/1-thumbnail.webp", null],
    ]);
  });

  it("opens with the artist's Allow offers setting and minimum in dollars", () => {
    const draft = draftFromArtwork(
      storedArtwork({ allowOffers: true, acceptsOffers: true, offerMinimum: 400_000 }),
    );
    expect(draft.values).toMatchObject({ acceptsOffers: true, offerMinimum: "4000" });
    // The setting, not whether a buyer may offer now: an offers-only work takes offers anyway.
    const offersOnly = draftFromArtwork(
      storedArtwork({
        isForSale: false,
        offersOnly: true,
        acceptsOffers: true,
        allowOffers: false,
      }),
    );
    expect(offersOnly.values).toMatchObject({ acceptsOffers: false, offerMinimum: "" });
  });

  it("shows offers only without a price and a depth above 0", () => {
    const draft = draftFromArtwork(
      storedArtwork({ isForSale: false, price: null, depth: 3, createdYear: null, zipCode: null }),
    );
    expect(draft.values.isForSale).toBe(false);
    expect(draft.values.price).toBe("");
    expect(draft.values.depth).toBe("3");
    expect(draft.values.createdYear).toBe("");
    expect(draft.values.zipCode).toBe("");
  });

  it("saves back kept and new images in order and leaves isPublicArt alone", () => {
    let draft = draftFromArtwork(storedArtwork());
    const added = addFiles(draft.images, [file("new.png")], preview).images;
    draft = {
      ...draft,
      images: moveImage(added, 2, -2),
      values: { ...draft.values, title: "Renamed" },
    };
    draft = withUploadedId(draft, draft.images[0]!.key, "up-new");
    const body = listingBody(draft);
    expect(body.imageIds).toEqual(["up-new", "img-0", "img-1"]);
    expect(body.title).toBe("Renamed");
    expect(body.price).toBe(950_050);
    expect(body.zipCode).toBe("97209");
    expect(body).not.toHaveProperty("isPublicArt");
  });
});
