import { describe, expect, it } from "vitest";
import { tabAfterKey } from "../../components/ui/url-tabs";
import { ARTIST_TABS, artistTabSearch, parseArtistTab } from "./artist-tabs";

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
    expect(tabAfterKey(ARTIST_TABS, "all", "ArrowRight")).toBe("forSale");
    expect(tabAfterKey(ARTIST_TABS, "sold", "ArrowRight")).toBe("all");
    expect(tabAfterKey(ARTIST_TABS, "all", "ArrowLeft")).toBe("sold");
    expect(tabAfterKey(ARTIST_TABS, "forSale", "ArrowLeft")).toBe("all");
    expect(tabAfterKey(ARTIST_TABS, "forSale", "Home")).toBe("all");
    expect(tabAfterKey(ARTIST_TABS, "all", "End")).toBe("sold");
    expect(tabAfterKey(ARTIST_TABS, "all", "Enter")).toBeNull();
  });
});
