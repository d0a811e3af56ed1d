import { describe, expect, it } from "vitest";
import { artistMeta } from "./artist-meta";
import type { ArtistPage } from "../../../contracts/artists.contract";

function artist(overrides: Partial<ArtistPage> = {}): ArtistPage {
  return {
    id: "0b8c3a8e-2f7d-4a8e-9a4a-7c1f7b2e9d10",
    displayName: "Elena Marsh",
    profilePhoto: null,
    birthYear: 1986,
    location: "Portland, OR",
    city: "Portland",
    bio: "Elena Marsh paints the edges of the Pacific Northwest.",
    instagramHandle: "elenamarsh.studio",
    websiteURL: "https://elenamarsh.example.com",
    exhibitions: [],
    ...overrides,
  };
}

describe("artistMeta", () => {
  it("titles the page with the artist's name and describes them by their bio", () => {
    const meta = artistMeta("https://art.example", artist());
    expect(meta).toContainEqual({ title: "Elena Marsh · Vernissage" });
    expect(meta).toContainEqual({ property: "og:title", content: "Elena Marsh" });
    expect(meta).toContainEqual({
      name: "description",
      content: "Elena Marsh paints the edges of the Pacific Northwest.",
    });
  });

  it("falls back to name and place without a bio, and shares the photo", () => {
    const meta = artistMeta(
      "https://art.example",
      artist({ bio: "", profilePhoto: "/media/profile_photos/x.webp" }),
    );
    expect(meta).toContainEqual({
      name: "description",
      content: "Elena Marsh, Portland, OR: original artworks on Vernissage.",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://art.example/media/profile_photos/x.webp",
    });
  });

  it("describes a schema.org Person with their links", () => {
    const meta = artistMeta("https://art.example", artist({ websiteURL: "javascript:alert(1)" }));
    const ld = meta.find((m) => "script:ld+json" in m) as {
      "script:ld+json": { mainEntity: Record<string, unknown> };
    };
    expect(ld["script:ld+json"].mainEntity).toMatchObject({
      "@type": "Person",
      name: "Elena Marsh",
      birthDate: "1986",
      sameAs: ["https://www.instagram.com/elenamarsh.studio"],
    });
  });

  it("carries the buyers' rating only when the page shows it", () => {
    const ldOf = (meta: ReturnType<typeof artistMeta>) =>
      (meta.find((m) => "script:ld+json" in m) as { "script:ld+json": Record<string, unknown> })[
        "script:ld+json"
      ];
    const hidden = artistMeta("https://art.example", artist(), {
      shown: false,
      average: null,
      count: 0,
      reviews: [],
    });
    expect(ldOf(hidden)).not.toHaveProperty("aggregateRating");
    const shown = artistMeta("https://art.example", artist(), {
      shown: true,
      average: 4.67,
      count: 3,
      reviews: [],
    });
    expect(ldOf(shown).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.67,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
      itemReviewed: {
        "@type": "Person",
        name: "Elena Marsh",
        url: "https://art.example/artist/0b8c3a8e-2f7d-4a8e-9a4a-7c1f7b2e9d10",
      },
    });
  });
});
