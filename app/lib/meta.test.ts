import { describe, expect, it } from "vitest";
import { errorMeta, shortDescription } from "./meta";

describe("shortDescription and errorMeta", () => {
  it("cuts a long text at a word and keeps a short one", () => {
    expect(shortDescription("Short  text\nhere")).toBe("Short text here");
    const long = shortDescription("word ".repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("keeps failed pages out of search results", () => {
    expect(errorMeta("Failed to fetch exhibition data")).toEqual([
      { title: "Failed to fetch exhibition data · Vernissage" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
