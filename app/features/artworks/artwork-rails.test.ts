import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArtworkCard, ArtworkDetail } from "../../../contracts/artworks.contract";
import type { ArtworkRails } from "../../../contracts/artwork-rails.contract";
import { artworkDetail } from "../../components/artwork-detail.fixture";
import { ArtworkView } from "./artwork-view";

function card(id: string, overrides: Partial<ArtworkCard> = {}): ArtworkCard {
  return {
    id,
    title: `Work ${id}`,
    createdYear: 2020,
    price: 10_000,
    isForSale: true,
    offersOnly: false,
    imageThumbnail: `/media/${id}-thumbnail.webp`,
    imageMedium: null,
    imageOriginal: null,
    width: 20,
    height: 20,
    artist: { id: "a2", displayName: "Kenji Ito" },
    ...overrides,
  };
}

const both: ArtworkRails = {
  moreByArtist: [card("m1"), card("m2", { isForSale: false })],
  related: [card("r1")],
};
const sold = { isForSale: false, offersOnly: false, acceptsOffers: false } as const;

/** Server-renders the artwork page body with its rails, as the loader gives them. */
function render(data: ArtworkDetail, rails: ArtworkRails | undefined) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [
        {
          path: "artwork/:artworkId",
          Component: () =>
            createElement(ArtworkView, {
              artwork: data,
              BuyPanel: () => null,
              OfferPanel: () => null,
              AskPanel: () => null,
              onEditListing: () => undefined,
              rails,
            }),
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/artwork/w1"],
      hydrationData: { loaderData: { root: { user: null } } },
    }),
  );
}

describe("the works around a work on the artwork page", () => {
  it("shows both rails as labelled sections of lazily loaded cards linking to the works", () => {
    const html = render(artworkDetail(), both);
    expect(html).toMatch(
      /<section class="artwork-rail" aria-labelledby="artwork-rail-more-heading"><h2 id="artwork-rail-more-heading">More by [^<]+<\/h2>/,
    );
    expect(html).toContain('<h2 id="artwork-rail-related-heading">Related works</h2>');
    for (const id of ["m1", "m2", "r1"]) expect(html).toContain(`href="/artwork/${id}"`);
    // The cards show the thumbnail (the work's own picture offers it in its srcset only).
    const cardImages = html.match(/<img[^>]*src="[^"]*thumbnail[^"]*"[^>]*>/g) ?? [];
    expect(cardImages).toHaveLength(3);
    for (const img of cardImages) expect(img).toContain('loading="lazy"');
    // The work's own image is not lazy and comes first.
    expect(html.indexOf("<img")).toBeLessThan(html.indexOf('id="artwork-rails"'));
    expect(html.slice(0, html.indexOf('id="artwork-rails"'))).not.toContain('loading="lazy"');
  });

  it("names the artist, with the usual fallback", () => {
    const named = render(artworkDetail(), both);
    expect(named).toMatch(/>More by (?!Unknown)[^<]+<\/h2>/);
    const unnamed = artworkDetail({
      artist: { id: "a1", displayName: " ", birthYear: null, city: null },
    });
    expect(render(unnamed, both)).toContain(">More by Unknown Artist</h2>");
  });

  it("hides an empty rail, and everything when both are empty or missing", () => {
    const onlyRelated = render(artworkDetail(), { moreByArtist: [], related: [card("r1")] });
    expect(onlyRelated).not.toContain("More by");
    expect(onlyRelated).toContain("Related works");
    const onlyMore = render(artworkDetail(), { moreByArtist: [card("m1")], related: [] });
    expect(onlyMore).toContain("More by");
    expect(onlyMore).not.toContain("Related works");
    for (const html of [
      render(artworkDetail(), { moreByArtist: [], related: [] }),
      render(artworkDetail(sold), { moreByArtist: [], related: [] }),
      render(artworkDetail(sold), undefined),
    ]) {
      expect(html).not.toContain("artwork-rails");
      expect(html).not.toContain("This work has sold");
    }
  });

  it("a work for sale keeps its description in the main information, before the rails, with no notice", () => {
    const html = render(artworkDetail(), both);
    expect(html).not.toContain("This work has sold");
    expect(html.indexOf("About the work")).toBeLessThan(html.indexOf('id="artwork-rails"'));
  });

  it("a sold work points to the rails right under SOLD and shows them before its description", () => {
    const html = render(artworkDetail(sold), both);
    expect(html).toMatch(
      /This work has sold — <a href="#artwork-rails">see more by [^<]+ and related works below<\/a>/,
    );
    const at = (text: string) => html.indexOf(text);
    expect(at(">SOLD<")).toBeGreaterThan(-1);
    expect(at(">SOLD<")).toBeLessThan(at("This work has sold"));
    expect(at('id="artwork-rails"')).toBeLessThan(at("About the work"));
  });

  it("the notice names only the rail that is there", () => {
    expect(render(artworkDetail(sold), { moreByArtist: [], related: [card("r1")] })).toContain(
      ">see related works below</a>",
    );
    expect(render(artworkDetail(sold), { moreByArtist: [card("m1")], related: [] })).toMatch(
      />see more by [^<]+ below<\/a>/,
    );
  });

  it("an offers-only work is not sold: no notice, description first", () => {
    const html = render(
      artworkDetail({ isForSale: false, offersOnly: true, acceptsOffers: true, price: null }),
      both,
    );
    expect(html).not.toContain("This work has sold");
    expect(html.indexOf("About the work")).toBeLessThan(html.indexOf('id="artwork-rails"'));
  });
});
