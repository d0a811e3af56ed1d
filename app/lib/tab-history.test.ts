import { NavigationType } from "react-router";
import { describe, expect, it } from "vitest";
import { hasEarlierEntry, nextTabTrail } from "./tab-history";

describe("the tab's trail of our pages", () => {
  it("starts anew on a page opened directly, so Back has nothing of ours before it", () => {
    const trail = nextTabTrail([], { key: "artwork", from: null, type: NavigationType.Pop });
    expect(trail).toEqual(["artwork"]);
    expect(hasEarlierEntry(trail, "artwork")).toBe(false);
  });

  it("keeps the page before after a push, and after a reload of the new page", () => {
    const opened = nextTabTrail([], { key: "artist", from: null, type: NavigationType.Pop });
    const pushed = nextTabTrail(opened, {
      key: "artwork",
      from: "artist",
      type: NavigationType.Push,
    });
    expect(pushed).toEqual(["artist", "artwork"]);
    // A reload: a new document, so no page before it in memory, but the entry's key is known.
    const reloaded = nextTabTrail(pushed, { key: "artwork", from: null, type: NavigationType.Pop });
    expect(reloaded).toEqual(["artist", "artwork"]);
    expect(hasEarlierEntry(reloaded, "artwork")).toBe(true);
    expect(hasEarlierEntry(reloaded, "artist")).toBe(false);
  });

  it("drops the entries ahead when the tab goes back and then somewhere new", () => {
    const trail = ["home", "artist", "artwork"];
    const back = nextTabTrail(trail, { key: "home", from: "artwork", type: NavigationType.Pop });
    expect(back).toEqual(trail);
    expect(nextTabTrail(back, { key: "search", from: "home", type: NavigationType.Push })).toEqual([
      "home",
      "search",
    ]);
  });

  it("puts a replaced entry in the place of the one it replaces", () => {
    const trail = nextTabTrail(["home", "artwork"], {
      key: "artwork-sold",
      from: "artwork",
      type: NavigationType.Replace,
    });
    expect(trail).toEqual(["home", "artwork-sold"]);
    expect(hasEarlierEntry(trail, "artwork-sold")).toBe(true);
    const first = nextTabTrail(["artwork"], {
      key: "login",
      from: "artwork",
      type: NavigationType.Replace,
    });
    expect(hasEarlierEntry(first, "login")).toBe(false);
  });

  it("starts anew on an entry it does not know, such as one of a document opened after another site", () => {
    const trail = nextTabTrail(["home", "artist"], {
      key: "artwork",
      from: null,
      type: NavigationType.Pop,
    });
    expect(trail).toEqual(["artwork"]);
    expect(
      nextTabTrail(["home"], { key: "other", from: "home", type: NavigationType.Pop }),
    ).toEqual(["other"]);
    expect(nextTabTrail([], { key: "next", from: "lost", type: NavigationType.Push })).toEqual([
      "next",
    ]);
  });

  it("keeps no more entries than a tab's history can hold", () => {
    const long = Array.from({ length: 100 }, (_, index) => `page-${index}`);
    const trail = nextTabTrail(long, { key: "new", from: "page-99", type: NavigationType.Push });
    expect(trail).toHaveLength(100);
    expect(trail.at(0)).toBe("page-1");
    expect(trail.at(-1)).toBe("new");
    expect(hasEarlierEntry(trail, "new")).toBe(true);
  });
});
