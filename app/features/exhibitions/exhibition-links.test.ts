import { describe, expect, it } from "vitest";
import { mapsSearchUrl } from "./exhibition-links";

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
