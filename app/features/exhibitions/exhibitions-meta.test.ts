import { describe, expect, it } from "vitest";
import { exhibitionMeta, exhibitionsListMeta } from "./exhibitions-meta";

const coastlines = {
  id: "6f1c1f9e-8d9b-4a37-9d5c-1b2f3c4d5e6f",
  name: "Coastlines",
  description: "Fog, tide and long summer evenings.",
  address: "1120 NW Couch St, Portland, OR 97209",
  bannerUrl: "/media/exhibitions/x/banner.webp",
  startsOn: "2026-11-12",
  endsOn: "2026-12-20",
  openingHours: "Tue–Sat 11:00–18:00",
};

describe("exhibitionMeta", () => {
  it("titles the page with the exhibition name and the site's, and shares the banner", () => {
    const meta = exhibitionMeta("https://art.example", coastlines);
    expect(meta).toContainEqual({ title: "Coastlines · Vernissage" });
    expect(meta).toContainEqual({ property: "og:title", content: "Coastlines" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://art.example/media/exhibitions/x/banner.webp",
    });
  });

  it("describes the exhibition as a schema.org ExhibitionEvent", () => {
    const meta = exhibitionMeta("https://art.example", { ...coastlines, bannerUrl: null });
    const ld = meta.find((m) => "script:ld+json" in m) as { "script:ld+json": object };
    expect(ld["script:ld+json"]).toMatchObject({
      "@type": "ExhibitionEvent",
      name: "Coastlines",
      startDate: "2026-11-12",
      endDate: "2026-12-20",
      location: { address: coastlines.address },
    });
    expect(meta.some((m) => "property" in m && m.property === "og:image")).toBe(false);
  });
});

describe("exhibitionsListMeta", () => {
  it("lists the exhibitions and uses the first banner as the share image", () => {
    const meta = exhibitionsListMeta("https://art.example", [
      { ...coastlines, bannerUrl: null },
      { ...coastlines, id: "b", name: "Material Matters", bannerUrl: "https://cdn.example/b.webp" },
    ]);
    expect(meta).toContainEqual({ property: "og:image", content: "https://cdn.example/b.webp" });
    const ld = meta.find((m) => "script:ld+json" in m) as {
      "script:ld+json": { itemListElement: unknown[] };
    };
    expect(ld["script:ld+json"].itemListElement).toHaveLength(2);
  });
});
