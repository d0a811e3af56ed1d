import { describe, expect, it } from "vitest";
import { PageStore, cacheKey, isCacheablePath } from "./page-cache";

function entry(key: string, bytes: number) {
  return {
    key,
    version: "1",
    storedAt: 0,
    status: 200,
    headers: [],
    parts: [Buffer.from("x")],
    etag: 'W/"x"',
    bytes,
  };
}

describe("PageStore", () => {
  it("keeps entries within its bytes, dropping the least recently used first", () => {
    const store = new PageStore(1000);
    store.set(entry("/a", 200));
    store.set(entry("/b", 200));
    store.set(entry("/c", 200));
    store.get("/a");
    store.set(entry("/d", 200));
    store.set(entry("/e", 200));
    expect(store.bytes).toBeLessThanOrEqual(1000);
    store.set(entry("/f", 200));
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeDefined();
    expect(store.get("/f")).toBeDefined();
    expect(store.bytes).toBe(1000);
  });

  it("does not keep an entry larger than a quarter of the whole", () => {
    const store = new PageStore(1000);
    store.set(entry("/big", 251));
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it("replaces an entry under the same key without counting it twice", () => {
    const store = new PageStore(1000);
    store.set(entry("/a", 100));
    store.set(entry("/a", 150));
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(150);
  });
});

describe("cacheKey", () => {
  it("orders the query by name, keeping a name's repeats in order", () => {
    const a = cacheKey(new URL("http://x/api/artworks/search?q=blue&cities=2&cities=1"));
    const b = cacheKey(new URL("http://x/api/artworks/search?cities=2&cities=1&q=blue"));
    const c = cacheKey(new URL("http://x/api/artworks/search?cities=1&cities=2&q=blue"));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it("keeps the path apart from the query and ignores the host", () => {
    expect(cacheKey(new URL("http://one/artwork/1?"))).toBe("/artwork/1");
    expect(cacheKey(new URL("http://two/artwork/1"))).toBe("/artwork/1");
  });
});

describe("isCacheablePath", () => {
  it.each([
    ["/", true],
    ["/_root.data", false],
    ["/artwork/abc", true],
    ["/artwork/abc.data", true],
    ["/artist/abc", true],
    ["/exhibition", true],
    ["/exhibition/abc", true],
    ["/collect", true],
    ["/api/artworks/abc", true],
    ["/api/artworks/search", true],
    ["/api/categories", true],
    ["/sitemap.xml", true],
    ["/profile", false],
    ["/profile/abc", false],
    ["/profile/purchases", false],
    ["/signin", false],
    ["/upload", false],
    ["/unsubscribe", false],
    ["/offers/abc", false],
    ["/admin", false],
    ["/payouts/setup", false],
    ["/api/session", false],
    ["/api/me", false],
    ["/api/me/saved", false],
    ["/api/unsubscribe", false],
    ["/api/offers/abc", false],
    ["/api/checkout/config", false],
    ["/api/auth/ok", false],
    ["/api/artworks/abc/edit", false],
  ])("%s → %s", (path, expected) => {
    expect(isCacheablePath(path)).toBe(expected);
  });
});
