import { describe, expect, it } from "vitest";
import { carouselImages, intrinsicSize, toCarouselImage } from "./artwork-images";

const image = (n: number) => ({
  id: `i${n}`,
  width: null,
  height: null,
  medium: `/media/a/${n}-medium.webp`,
  original: `/media/a/${n}-original.jpg`,
  thumbnail: `/media/a/${n}-thumbnail.webp`,
  type: "artist_uploaded",
  contextId: null,
});

describe("toCarouselImage", () => {
  it("shows the medium image and offers the original as the larger one", () => {
    expect(toCarouselImage(image(0))).toEqual({
      src: "/media/a/0-medium.webp",
      srcSet: "/media/a/0-medium.webp 1200w, /media/a/0-original.jpg 2400w",
      original: "/media/a/0-original.jpg",
      thumbnail: "/media/a/0-thumbnail.webp",
    });
  });

  it("gives the real widths when the original's size is known", () => {
    // A 3000 × 4000 portrait: the medium is fitted inside 1200 px, so 900 px wide.
    expect(toCarouselImage({ ...image(0), width: 3000, height: 4000 })?.srcSet).toBe(
      "/media/a/0-medium.webp 900w, /media/a/0-original.jpg 3000w",
    );
    expect(toCarouselImage({ ...image(0), width: 4000, height: 2000 })?.srcSet).toBe(
      "/media/a/0-medium.webp 1200w, /media/a/0-original.jpg 4000w",
    );
    // A picture that fits in the medium's box: the medium is the whole of it.
    expect(toCarouselImage({ ...image(0), width: 1000, height: 800 })?.srcSet).toBeUndefined();
  });

  it("has no srcset when there is one file (the SPEC's upload sets all three to it)", () => {
    const same = "/media/artworks/x_original.jpg";
    expect(toCarouselImage({ medium: same, original: same, thumbnail: same })).toEqual({
      src: same,
      srcSet: undefined,
      original: same,
      thumbnail: same,
    });
  });

  it("falls back to the original, then the thumbnail, and is null with no file", () => {
    expect(toCarouselImage({ medium: "", original: "/o.jpg", thumbnail: "/t.webp" })?.src).toBe(
      "/o.jpg",
    );
    expect(toCarouselImage({ medium: null, original: null, thumbnail: "/t.webp" })?.src).toBe(
      "/t.webp",
    );
    expect(toCarouselImage({ medium: null, original: null, thumbnail: null })).toBeNull();
  });
});

describe("carouselImages", () => {
  it("keeps the images in order", () => {
    const list = carouselImages({
      images: [image(0), image(1), image(2)],
      imageMedium: null,
      imageOriginal: null,
      imageThumbnail: null,
    });
    expect(list.map((i) => i.src)).toEqual([
      "/media/a/0-medium.webp",
      "/media/a/1-medium.webp",
      "/media/a/2-medium.webp",
    ]);
  });

  it("uses the artwork's main image when it has no list, and nothing when it has none", () => {
    expect(
      carouselImages({
        images: [],
        imageMedium: "/m.webp",
        imageOriginal: "/o.jpg",
        imageThumbnail: "/t.webp",
      }),
    ).toHaveLength(1);
    expect(
      carouselImages({ images: [], imageMedium: null, imageOriginal: null, imageThumbnail: null }),
    ).toEqual([]);
  });
});

describe("intrinsicSize", () => {
  it("keeps the work's proportions with the long side at 1200", () => {
    expect(intrinsicSize({ width: 24, height: 36 })).toEqual({ width: 800, height: 1200 });
    expect(intrinsicSize({ width: 40, height: 30 })).toEqual({ width: 1200, height: 900 });
  });

  it("is square when the size is not specified", () => {
    expect(intrinsicSize({ width: 0, height: 0 })).toEqual({ width: 1200, height: 1200 });
  });
});
