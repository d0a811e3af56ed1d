import type { ArtworkDetail, ArtworkImage } from "../../contracts/artworks.contract";

/** Test data: one stored image of a work, numbered `n` (overrides for what a test needs). */
export function artworkImage(n: number, overrides: Partial<ArtworkImage> = {}): ArtworkImage {
  return {
    id: `i${n}`,
    width: null,
    height: null,
    original: `/media/a/${n}-original.jpg`,
    medium: `/media/a/${n}-medium.webp`,
    thumbnail: `/media/a/${n}-thumbnail.webp`,
    type: "artist_uploaded",
    contextId: null,
    ...overrides,
  };
}

/** Test data: an artwork as `GET /api/artworks/:id` answers it, for sale, with three images. */
export function artworkDetail(overrides: Partial<ArtworkDetail> = {}): ArtworkDetail {
  return {
    id: "w1",
    title: "Salt Marsh in October",
    createdYear: 2017,
    materials: "Charcoal on paper",
    description: "One of the strongest works of the series.",
    width: 18,
    height: 26,
    depth: 0,
    price: 950_000,
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
    imageOriginal: "/media/a/0-original.jpg",
    imageMedium: "/media/a/0-medium.webp",
    imageThumbnail: "/media/a/0-thumbnail.webp",
    images: [artworkImage(0), artworkImage(1), artworkImage(2)],
    categories: [{ id: "c1", name: "drawing" }],
    artist: { id: "a1", displayName: "Elena Marsh", birthYear: 1986, city: "Portland" },
    ownerId: "a1",
    exhibitions: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}
