import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { ArtistWorks } from "./artist-works";

/** Server-renders the tabs as the artist page would, at /artist/a1{search}. */
function render(props: Partial<Parameters<typeof ArtistWorks>[0]>, search = "") {
  const Stub = createRoutesStub([
    {
      path: "/artist/:artistId",
      Component: () =>
        createElement(ArtistWorks, {
          artistName: "Elena Marsh",
          tab: "all",
          artworks: [],
          error: null,
          ...props,
        }),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [`/artist/a1${search}`] }));
}

const card = (overrides: Partial<ArtworkCard> = {}): ArtworkCard => ({
  id: "w1",
  title: "Evening Ferry",
  createdYear: 2024,
  price: 50_000,
  isForSale: false,
  imageThumbnail: "/media/w1-thumbnail.webp",
  imageMedium: null,
  imageOriginal: null,
  width: 20,
  height: 16,
  artist: { id: "a1", displayName: "Elena Marsh" },
  ...overrides,
});

describe("ArtistWorks", () => {
  it("has the three tabs, the chosen one selected and linked to its panel", () => {
    const html = render({ tab: "sold", artworks: [card()] }, "?tab=sold");
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>All Works</);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>For Sale</);
    expect(html).toMatch(/id="artist-tab-sold"[^>]*aria-selected="true"[^>]*tabindex="0"/);
    expect(html).toMatch(/role="tabpanel"[^>]*aria-labelledby="artist-tab-sold"/);
    expect(html).toContain('href="/artist/a1?tab=forSale"');
    expect(html).toContain("SOLD");
  });

  it("says so when the artist has no works in the tab", () => {
    expect(render({ tab: "forSale" }, "?tab=forSale")).toContain(
      "No artworks found for this artist",
    );
  });

  it("shows the SPEC's failure text when the works could not be read", () => {
    const html = render({ error: "Failed to fetch artworks" });
    expect(html).toMatch(/role="alert"[^>]*>Failed to fetch artworks</);
    expect(html).not.toContain("No artworks found for this artist");
  });
});
