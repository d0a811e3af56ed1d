import { describe, expect, it } from "vitest";
import { absoluteUrl, isUsableImageUrl, mapsSearchUrl } from "./exhibition-links";

describe("isUsableImageUrl", () => {
  it("accepts http(s) addresses and paths on this site", () => {
    expect(isUsableImageUrl("https://cdn.example.com/banner.webp")).toBe(true);
    expect(isUsableImageUrl("http://localhost:3000/media/x.webp")).toBe(true);
    expect(isUsableImageUrl("/media/exhibitions/1/banner.webp")).toBe(true);
  });

  it("rejects a missing banner and anything that is not a valid address", () => {
    expect(isUsableImageUrl(null)).toBe(false);
    expect(isUsableImageUrl(undefined)).toBe(false);
    expect(isUsableImageUrl("")).toBe(false);
    expect(isUsableImageUrl("   ")).toBe(false);
    expect(isUsableImageUrl("banner.webp")).toBe(false);
    expect(isUsableImageUrl("not a url")).toBe(false);
    expect(isUsableImageUrl("//evil.example.com/x.png")).toBe(false);
    expect(isUsableImageUrl("/media/with space.png")).toBe(false);
    expect(isUsableImageUrl("javascript:alert(1)")).toBe(false);
    expect(isUsableImageUrl("ftp://example.com/x.png")).toBe(false);
    expect(isUsableImageUrl("https://")).toBe(false);
  });
});

describe("mapsSearchUrl", () => {
  it("builds a maps search with the address encoded", () => {
    expect(mapsSearchUrl("548 W 22nd St, New York, NY 10011")).toBe(
      "https://www.google.com/maps/search/?api=1&query=548%20W%2022nd%20St%2C%20New%20York%2C%20NY%2010011",
    );
  });

  it("cannot be broken out of by characters of the address", () => {
    const url = new URL(mapsSearchUrl("1 Main St & Co #4?x=1"));
    expect(url.searchParams.get("query")).toBe("1 Main St & Co #4?x=1");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.hash).toBe("");
  });
});

describe("absoluteUrl", () => {
  it("makes a site path absolute and keeps a full address", () => {
    expect(absoluteUrl("https://art.example", "/media/a.webp")).toBe(
      "https://art.example/media/a.webp",
    );
    expect(absoluteUrl("https://art.example", "https://cdn.example/a.webp")).toBe(
      "https://cdn.example/a.webp",
    );
  });

  it("is null when there is no usable image", () => {
    expect(absoluteUrl("https://art.example", null)).toBeNull();
    expect(absoluteUrl("https://art.example", "nope")).toBeNull();
  });
});
