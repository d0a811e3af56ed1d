import { describe, expect, it } from "vitest";
import {
  artistNameText,
  cardImage,
  cardPriceText,
  categoryLabel,
  materialsText,
  priceText,
  sizeText,
  titleText,
  yearText,
} from "./display";

describe("categoryLabel", () => {
  it.each([
    ["mixed_media", "Mixed Media"],
    ["painting", "Painting"],
    ["digital_art", "Digital Art"],
  ])("%s → %s", (name, label) => expect(categoryLabel(name)).toBe(label));
});

describe("priceText", () => {
  it.each([
    [null, ""],
    [undefined, ""],
    [125000, "$1,250"],
    [9950, "$99.50"],
    [0, "$0"],
  ])("%j → %j", (cents, text) => expect(priceText(cents)).toBe(text));
});

describe("size text (SPEC §5)", () => {
  it.each([
    [{ width: 24, height: 36, depth: 0 }, "24 inches x 36 inches"],
    [{ width: 24, height: 36, depth: 2 }, "24 inches x 36 inches x 2 inches"],
    [{ width: 24, height: 36 }, "24 inches x 36 inches"],
    [{ width: 0, height: 36, depth: 2 }, "Size not specified"],
    [{ width: null, height: null }, "Size not specified"],
  ])("%o → %s", (size, text) => expect(sizeText(size)).toBe(text));
});

describe("card and detail fallbacks (SPEC §2)", () => {
  it("names the artist, title, year and materials, or says they are missing", () => {
    expect(artistNameText("Ruth Adeyemi")).toBe("Ruth Adeyemi");
    expect(artistNameText("")).toBe("Unknown Artist");
    expect(artistNameText(null)).toBe("Unknown Artist");
    expect(titleText("Dusk")).toBe("Dusk");
    expect(titleText("  ")).toBe("Untitled");
    expect(yearText(2021)).toBe("2021");
    expect(yearText(null)).toBe("Year Unknown");
    expect(materialsText("Oil")).toBe("Oil");
    expect(materialsText("")).toBe("Materials not specified");
  });

  it("shows the price for sale, 'Make an Offer' for offers only and SOLD for a sold work", () => {
    expect(cardPriceText({ isForSale: true, offersOnly: false, price: 125_000 })).toBe("$1,250");
    // Offers only, with or without a kept price: never SOLD, never the price (decision 0030).
    expect(cardPriceText({ isForSale: false, offersOnly: true, price: 125_000 })).toBe(
      "Make an Offer",
    );
    expect(cardPriceText({ isForSale: false, offersOnly: true, price: null })).toBe(
      "Make an Offer",
    );
    expect(cardPriceText({ isForSale: false, offersOnly: false, price: 125_000 })).toBe("SOLD");
    expect(cardPriceText({ isForSale: false, offersOnly: false, price: null })).toBe("SOLD");
  });

  it("prefers the thumbnail, then the medium image, then the original", () => {
    expect(cardImage({ imageThumbnail: "t", imageMedium: "m", imageOriginal: "o" })).toBe("t");
    expect(cardImage({ imageThumbnail: null, imageMedium: "m", imageOriginal: "o" })).toBe("m");
    expect(cardImage({ imageThumbnail: "", imageMedium: null, imageOriginal: "o" })).toBe("o");
    expect(cardImage({})).toBeNull();
  });
});
