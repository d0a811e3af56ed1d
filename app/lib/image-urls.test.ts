import { describe, expect, it } from "vitest";
import { absoluteUrl, isUsableImageUrl } from "./image-urls";

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
