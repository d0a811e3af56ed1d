import { describe, expect, it } from "vitest";
import { ARTIST_TABS, artistTabSearch, parseArtistTab, tabAfterKey } from "./artist-tabs";

describe("artist tabs", () => {
  it("are All Works, For Sale and Sold, in that order", () => {
    expect(ARTIST_TABS.map((t) => t.label)).toEqual(["All Works", "For Sale", "Sold"]);
  });

  it("read the tab from the address, defaulting to All Works", () => {
    expect(parseArtistTab("forSale")).toBe("forSale");
    expect(parseArtistTab("sold")).toBe("sold");
    expect(parseArtistTab(null)).toBe("all");
    expect(parseArtistTab("SOLD")).toBe("all");
    expect(parseArtistTab("constructor")).toBe("all");
  });

  it("write All Works as the bare address", () => {
    expect(artistTabSearch("all")).toBe("");
    expect(artistTabSearch("sold")).toBe("?tab=sold");
  });

  it("move with the arrow keys, wrapping, and jump with Home and End", () => {
    expect(tabAfterKey("all", "ArrowRight")).toBe("forSale");
    expect(tabAfterKey("sold", "ArrowRight")).toBe("all");
    expect(tabAfterKey("all", "ArrowLeft")).toBe("sold");
    expect(tabAfterKey("forSale", "ArrowLeft")).toBe("all");
    expect(tabAfterKey("forSale", "Home")).toBe("all");
    expect(tabAfterKey("all", "End")).toBe("sold");
    expect(tabAfterKey("all", "Enter")).toBeNull();
  });
});
