import { describe, expect, it } from "vitest";
import { listingBodySchema } from "./artworks.contract";

describe("listingBodySchema", () => {
  it("drops keys the server owns and reads numbers from text", () => {
    const parsed = listingBodySchema.parse({
      title: "T",
      width: "12",
      depth: "",
      artistId: "x",
      ownerId: "y",
      status: "draft",
      isCurated: true,
      randomOrder: 1,
    });
    expect(parsed).not.toHaveProperty("artistId");
    expect(parsed).not.toHaveProperty("status");
    expect(parsed).not.toHaveProperty("isCurated");
    expect(parsed).toMatchObject({ width: 12, depth: 0, height: null, isForSale: true });
    // An empty or missing depth is 0; anything else that is not a whole number is refused.
    expect(listingBodySchema.parse({}).depth).toBe(0);
    expect(listingBodySchema.parse({ depth: null }).depth).toBe(0);
    for (const depth of [-1, 1.5, "abc", "-1", "1.5"]) {
      expect(listingBodySchema.parse({ depth }).depth, String(depth)).toBeNull();
    }
  });
});
