import { describe, expect, it } from "vitest";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { artworkDetail, artworkImage } from "../../components/artwork-detail.fixture";
import { artworkJsonLd, artworkMeta } from "./artwork-meta";

function artwork(overrides: Partial<ArtworkDetail> = {}): ArtworkDetail {
  return artworkDetail({
    id: "3c6f0d0e-6a1b-4f43-a5a5-2b9d8c7e6f50",
    title: "Lighthouse at Dusk",
    createdYear: 2021,
    materials: "Oil on linen",
    description: "Made over a long winter in the studio.",
    width: 24,
    height: 36,
    price: 125_000,
    images: [artworkImage(0)],
    categories: [{ id: "c1", name: "mixed_media" }],
    ...overrides,
  });
}

describe("artworkMeta", () => {
  it("titles the page with the work and its artist and shares the medium image", () => {
    const meta = artworkMeta("https://art.example", artwork());
    expect(meta).toContainEqual({ title: "Lighthouse at Dusk by Elena Marsh · Vernissage" });
    expect(meta).toContainEqual({
      property: "og:title",
      content: "Lighthouse at Dusk by Elena Marsh",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://art.example/media/a/0-medium.webp",
    });
  });

  it("describes a work without a description by its facts, with the SPEC's fallbacks", () => {
    const meta = artworkMeta(
      "https://art.example",
      artwork({ title: "", description: "", materials: "", width: 0, isForSale: false }),
    );
    expect(meta).toContainEqual({
      name: "description",
      content: "Untitled by Elena Marsh. Materials not specified, Size not specified, Sold.",
    });
  });

  it("says a work listed for offers only is open to offers, not sold (decision 0030)", () => {
    const meta = artworkMeta(
      "https://art.example",
      artwork({ description: "", isForSale: false, offersOnly: true, status: "not for sale" }),
    );
    expect(meta).toContainEqual({
      name: "description",
      content:
        "Lighthouse at Dusk by Elena Marsh. Oil on linen, 24 inches x 36 inches, Open to offers.",
    });
  });
});

describe("artworkJsonLd", () => {
  it("is a schema.org VisualArtwork with size in inches and a USD offer", () => {
    const ld = artworkJsonLd("https://art.example", artwork({ depth: 2 }));
    expect(ld).toMatchObject({
      "@type": "VisualArtwork",
      name: "Lighthouse at Dusk",
      dateCreated: "2021",
      artMedium: "Oil on linen",
      artform: "Mixed Media",
      width: { value: 24, unitCode: "INH" },
      height: { value: 36, unitCode: "INH" },
      depth: { value: 2, unitCode: "INH" },
      creator: { name: "Elena Marsh", url: "https://art.example/artist/a1" },
      offers: {
        price: "1250.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("marks a sold work and leaves out what is unknown", () => {
    const ld = artworkJsonLd(
      "https://art.example",
      artwork({ isForSale: false, createdYear: null, materials: " ", depth: 0 }),
    );
    expect(ld).toMatchObject({ offers: { availability: "https://schema.org/SoldOut" } });
    expect(ld).not.toHaveProperty("dateCreated");
    expect(ld).not.toHaveProperty("artMedium");
    expect(ld).not.toHaveProperty("depth");
  });

  it("has no offer for a work that is offered without a price", () => {
    expect(artworkJsonLd("https://art.example", artwork({ price: null }))).not.toHaveProperty(
      "offers",
    );
  });

  it("has no offer for a work listed for offers only, even with its asking price kept", () => {
    const ld = artworkJsonLd(
      "https://art.example",
      artwork({ isForSale: false, offersOnly: true, status: "not for sale", price: 125_000 }),
    );
    expect(ld).not.toHaveProperty("offers");
  });
});
