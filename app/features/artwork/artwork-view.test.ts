import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { artworkDetail } from "../../components/artwork-detail.fixture";
import { ArtworkView } from "./artwork-view";

function artwork(overrides: Partial<ArtworkDetail> = {}): ArtworkDetail {
  return artworkDetail(overrides);
}

/** Server-renders the page body as /artwork/w1 would, for the signed-in user `userId`. */
function render(data: ArtworkDetail, userId: string | null = null) {
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
              onEditListing: () => undefined,
            }),
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/artwork/w1"],
      hydrationData: { loaderData: { root: { user: userId ? { id: userId } : null } } },
    }),
  );
}

describe("ArtworkView", () => {
  it("shows Make an Offer instead of SOLD for a work open to offers only (issue 15)", () => {
    const html = render(
      artwork({ isForSale: false, price: null, offersOnly: true, acceptsOffers: true }),
    );
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Make an Offer<\/button>/);
    expect(html).not.toContain(">SOLD<");
    expect(html).not.toContain(">Buy Now<");
  });

  it("shows Make an Offer beside Buy Now when a work for sale also takes offers", () => {
    const html = render(artwork({ acceptsOffers: true }));
    expect(html).toContain(">Buy Now<");
    expect(html).toContain(">Make an Offer<");
  });

  it("keeps SOLD for a sold work, and no offer button without acceptsOffers", () => {
    const sold = render(artwork({ isForSale: false, acceptsOffers: false }));
    expect(sold).toContain(">SOLD<");
    expect(sold).not.toContain("Make an Offer");
    expect(render(artwork())).not.toContain("Make an Offer");
  });

  it("never offers its own artist to make an offer", () => {
    const own = artwork({ acceptsOffers: true, ownerId: "a1" });
    expect(render(own, "a1")).not.toContain("Make an Offer");
  });

  it("shows a work for sale: artist link, title with year, facts, price and Buy Now", () => {
    const html = render(artwork());
    expect(html).toContain('href="/artist/a1"');
    expect(html).toMatch(/<h1[^>]*>Salt Marsh in October<span[^>]*>, <!-- -->2017<\/span><\/h1>/);
    expect(html).toContain("Charcoal on paper");
    expect(html).toContain("18 inches x 26 inches");
    expect(html).toContain("Drawing");
    expect(html).toContain("$9,500");
    expect(html).toContain(">Buy Now<");
    expect(html).not.toContain(">SOLD<");
    expect(html).toMatch(/<button[^>]*class="back-button"[^>]*>.*?Back<\/button>/);
    expect(html).not.toContain("Currently on Display");
  });

  it("opens on the first of its images: medium with srcset, eager and high priority, sized", () => {
    const html = render(artwork());
    const img = /<img[^>]*src="\/media\/a\/0-medium.webp"[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain('srcSet="/media/a/0-medium.webp 1200w, /media/a/0-original.jpg 2400w"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('loading="eager"');
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
    expect(img).toContain('alt="Salt Marsh in October by Elena Marsh, image 1 of 3"');
    expect(html).toMatch(/class="carousel-counter"[^>]*>1 \/ 3</);
    expect(html).toContain('aria-label="Next image"');
    expect(html).toContain('aria-label="Image 3 of 3"');
  });

  it("uses the SPEC's fallbacks and shows SOLD instead of Buy Now", () => {
    const html = render(
      artwork({
        title: "",
        createdYear: null,
        materials: "",
        width: 0,
        height: 0,
        isForSale: false,
        description: "",
      }),
    );
    expect(html).toContain("Untitled");
    expect(html).toContain("Year Unknown");
    expect(html).toContain("Materials not specified");
    expect(html).toContain("Size not specified");
    expect(html).toContain(">SOLD<");
    expect(html).not.toContain(">Buy Now<");
  });

  it("adds depth when above 0", () => {
    expect(render(artwork({ depth: 4 }))).toContain("18 inches x 26 inches x 4 inches");
  });

  it("lists the exhibitions showing it under 'Currently on Display'", () => {
    const html = render(
      artwork({
        exhibitions: [
          { id: "e1", name: "Coastlines", address: "1120 NW Couch St", bannerUrl: null },
        ],
      }),
    );
    expect(html).toContain("Currently on Display");
    expect(html).toContain('href="/exhibition/e1"');
    // No banner: the text fallback with the name.
    expect(html).toMatch(/class="banner-box banner-fallback[^"]*"[^>]*><span>Coastlines<\/span>/);
  });

  it("renders what the artist typed as text, never as HTML", () => {
    const html = render(
      artwork({ title: "<img src=x onerror=alert(1)>", description: "<script>alert(1)</script>" }),
    );
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows the owner-artist Edit Listing, Delete Listing and the For Sale switch, not Buy Now", () => {
    const html = render(artwork(), "a1");
    expect(html).toContain(">Edit Listing<");
    expect(html).toContain(">Delete Listing<");
    expect(html).toMatch(/role="switch"[^>]*aria-checked="true"/);
    expect(html).toContain("For Sale");
    expect(html).not.toContain(">Buy Now<");
    expect(html).toContain("$9,500");
  });

  it("shows the owner-artist 'Offers only' (not SOLD) and the switch off when the work is not for sale", () => {
    const html = render(artwork({ isForSale: false }), "a1");
    expect(html).toMatch(/role="switch"[^>]*aria-checked="false"/);
    expect(html).toContain(">Offers only<");
    expect(html).not.toContain(">SOLD<");
  });

  it("shows its artist 'Hidden' instead of For Sale, SOLD or Buy Now while the team hides it", () => {
    const reason = "Shows another artist's work.";
    for (const html of [
      render(artwork({ hiddenReason: reason }), "a1"),
      render(artwork({ hiddenReason: reason, isForSale: false }), "a1"),
      render(artwork({ hiddenReason: reason, ownerId: "collector" }), "a1"),
    ]) {
      expect(html).toContain('class="sold-badge">Hidden<');
      expect(html).toContain("Hidden by the marketplace team: Shows another artist&#x27;s work.");
      expect(html).not.toContain(">SOLD<");
      expect(html).not.toContain(">Buy Now<");
    }
    // The owner controls stay.
    expect(render(artwork({ hiddenReason: reason }), "a1")).toContain(">Edit Listing<");
    expect(render(artwork({ hiddenReason: null }), "a1")).not.toContain(">Hidden<");
  });

  it("keeps Buy Now for everyone else: a visitor, another user, an artist who sold it", () => {
    for (const html of [
      render(artwork(), null),
      render(artwork(), "someone-else"),
      render(artwork({ ownerId: "collector" }), "a1"),
    ]) {
      expect(html).toContain(">Buy Now<");
      expect(html).not.toContain("Edit Listing");
      expect(html).not.toContain('role="switch"');
    }
  });
});
