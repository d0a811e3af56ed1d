import { describe, expect, it } from "vitest";
import { tabAfterKey } from "../../components/ui/url-tabs";
import { chooseTab, profileTabSearch, visibleTabs } from "./profile-tabs";

const labels = (isArtist: boolean, isOwn: boolean) =>
  visibleTabs({ isArtist }, isOwn).map((t) => t.label);

describe("visibleTabs", () => {
  it("gives an artist on their own profile all three tabs", () => {
    expect(labels(true, true)).toEqual([
      "Listings",
      "Collection",
      "All Works",
      "Saved",
      "Following",
    ]);
  });
  it("gives others an artist's Listings and All Works, never the Collection", () => {
    expect(labels(true, false)).toEqual(["Listings", "All Works"]);
  });
  it("gives a collector their own Collection", () => {
    expect(labels(false, true)).toEqual(["Collection", "Saved", "Following"]);
  });
  it("gives no tabs on another collector's profile", () => {
    expect(labels(false, false)).toEqual([]);
  });
});

describe("chooseTab", () => {
  const artistTabs = visibleTabs({ isArtist: true }, false);
  it("keeps a tab the viewer has and falls back to the first", () => {
    expect(chooseTab(artistTabs, "all")).toBe("all");
    expect(chooseTab(artistTabs, "collection")).toBe("listings");
    // Issue 16: another person's Saved and Following fall back like the Collection.
    expect(chooseTab(artistTabs, "saved")).toBe("listings");
    expect(chooseTab(artistTabs, "following")).toBe("listings");
    expect(chooseTab(visibleTabs({ isArtist: false }, false), "saved")).toBeNull();
    expect(chooseTab(artistTabs, null)).toBe("listings");
    expect(chooseTab(visibleTabs({ isArtist: false }, true), "all")).toBe("collection");
    expect(chooseTab([], "all")).toBeNull();
  });
  it("writes the first tab as the bare address", () => {
    expect(profileTabSearch(artistTabs, "listings")).toBe("");
    expect(profileTabSearch(artistTabs, "all")).toBe("?tab=all");
  });
});

describe("tabAfterKey", () => {
  const tabs = visibleTabs({ isArtist: true }, true);
  it("moves with the arrows, wrapping, and jumps with Home and End", () => {
    expect(tabAfterKey(tabs, "listings", "ArrowRight")).toBe("collection");
    expect(tabAfterKey(tabs, "all", "ArrowRight")).toBe("saved");
    expect(tabAfterKey(tabs, "following", "ArrowRight")).toBe("listings");
    expect(tabAfterKey(tabs, "listings", "ArrowLeft")).toBe("following");
    expect(tabAfterKey(tabs, "collection", "Home")).toBe("listings");
    expect(tabAfterKey(tabs, "listings", "End")).toBe("following");
    expect(tabAfterKey(tabs, "listings", "Enter")).toBeNull();
  });
});
