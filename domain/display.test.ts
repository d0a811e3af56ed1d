import { describe, expect, it } from "vitest";
import { categoryLabel, priceText } from "./display";

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
