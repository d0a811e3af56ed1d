import { describe, expect, it } from "vitest";
import {
  cardImageSet,
  carouselImages,
  intrinsicSize,
  toCarouselImage,
  withoutUnusedOriginal,
} from "./artwork-images";

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
  it("shows the medium image, with the thumbnail as the smaller choice", () => {
    expect(toCarouselImage(image(0))).toEqual({
      src: "/media/a/0-medium.webp",
      srcSet: "/media/a/0-thumbnail.webp 500w, /media/a/0-medium.webp 1200w",
      original: "/media/a/0-original.jpg",
      thumbnail: "/media/a/0-thumbnail.webp",
    });
  });

  it("gives the real widths when the original's size is known, and never offers the original", () => {
    // A 3000 × 4000 portrait: fitted inside 500 px it is 375 wide, inside 1200 px 900.
    expect(toCarouselImage({ ...image(0), width: 3000, height: 4000 })?.srcSet).toBe(
      "/media/a/0-thumbnail.webp 375w, /media/a/0-medium.webp 900w",
    );
    expect(toCarouselImage({ ...image(0), width: 4000, height: 2000 })?.srcSet).toBe(
      "/media/a/0-thumbnail.webp 500w, /media/a/0-medium.webp 1200w",
    );
    // Smaller than the medium's box: the medium is the whole picture, still larger.
    expect(toCarouselImage({ ...image(0), width: 1000, height: 800 })?.srcSet).toBe(
      "/media/a/0-thumbnail.webp 500w, /media/a/0-medium.webp 1000w",
    );
    // No larger than the thumbnail: both files are the same picture, nothing to choose.
    expect(toCarouselImage({ ...image(0), width: 400, height: 300 })?.srcSet).toBeUndefined();
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

describe("cardImageSet (a card's picture: 250 px high, covering its column)", () => {
  const card = { imageThumbnail: "/t.webp", imageMedium: "/m.webp", imageOriginal: "/o.jpg" };

  it("offers the thumbnail and the medium at their widths, and sizes by the grid's column", () => {
    // A portrait 2:3: 333 px wide fitted in 500, 800 in 1200; drawn 167 px wide, so the
    // column (about 166 px of two on a 375 px phone, 256 px from 1200 px) is what it covers.
    expect(cardImageSet({ ...card, width: 20, height: 30 })).toEqual({
      src: "/t.webp",
      srcSet: "/t.webp 333w, /m.webp 800w",
      sizes:
        "(min-width: 1200px) 256px, (min-width: 500px) 345px, (min-width: 481px) calc(100vw - 2rem), max(calc((100vw - 2.75rem) / 2), 167px)",
    });
  });

  it("sizes a wide work by its drawn width when it is wider than the column", () => {
    // 2:1 at 250 px high is 500 px wide, wider than any column.
    expect(cardImageSet({ ...card, width: 40, height: 20 })?.sizes).toBe("500px");
    // 1.2:1 is 300 px: wider than the 256 px column of the desktop grid only.
    expect(cardImageSet({ ...card, width: 36, height: 30 })?.sizes).toBe(
      "(min-width: 1200px) 300px, (min-width: 500px) 345px, (min-width: 481px) calc(100vw - 2rem), max(calc((100vw - 2.75rem) / 2), 300px)",
    );
  });

  it("in an artwork page's rail sizes a phone's card by the rail's narrower column", () => {
    // Square: 250 px drawn, the rail's column on a phone is 72% of the page less its padding.
    expect(cardImageSet({ ...card, width: 30, height: 30 }, "rail")?.sizes).toBe(
      "(max-width: 600px) max(calc((100vw - 2rem) * 0.72), 250px), (min-width: 1200px) 256px, (min-width: 500px) 345px, (min-width: 481px) calc(100vw - 2rem), max(calc((100vw - 2.75rem) / 2), 250px)",
    );
    // Wider than the rail's widest phone column (409 px): its own width everywhere.
    expect(cardImageSet({ ...card, width: 40, height: 20 }, "rail")?.sizes).toBe("500px");
    // The grid is as before.
    expect(cardImageSet({ ...card, width: 30, height: 30 }, "grid")).toEqual(
      cardImageSet({ ...card, width: 30, height: 30 }),
    );
  });

  it("has no choice to offer with one file, and no picture without one", () => {
    const same = { imageThumbnail: "/x.jpg", imageMedium: "/x.jpg", imageOriginal: "/x.jpg" };
    expect(cardImageSet({ ...same, width: 1, height: 1 })).toEqual({
      src: "/x.jpg",
      srcSet: undefined,
      sizes: undefined,
    });
    const none = { imageThumbnail: null, imageMedium: null, imageOriginal: null };
    expect(cardImageSet({ ...none, width: 1, height: 1 })).toBeNull();
  });
});

describe("withoutUnusedOriginal", () => {
  const card = { width: 3, height: 2, imageThumbnail: "/t.webp", imageMedium: "/m.webp" };

  it("drops the original's address only when the card draws from its derivatives", () => {
    const both = { ...card, imageOriginal: "/o.jpg" };
    expect(withoutUnusedOriginal(both).imageOriginal).toBeNull();
    expect(cardImageSet(withoutUnusedOriginal(both))).toEqual(cardImageSet(both));
    for (const partial of [
      { ...both, imageThumbnail: null },
      { ...both, imageMedium: null },
      { ...both, imageThumbnail: null, imageMedium: null },
    ]) {
      expect(withoutUnusedOriginal(partial)).toEqual(partial);
      expect(cardImageSet(withoutUnusedOriginal(partial))).toEqual(cardImageSet(partial));
    }
  });
});
