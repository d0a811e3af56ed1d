import { createElement } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Outlet, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { artworkDetail } from "../../components/artwork-detail.fixture";
import { ArtworkView } from "./artwork-view";

function artwork(overrides: Partial<ArtworkDetail> = {}): ArtworkDetail {
  return artworkDetail(overrides);
}

/**
 * Server-renders the page body as /artwork/w1 would, for the signed-in user `userId`,
 * whole: with the parts loaded on demand (the owner's controls) waited for, as the
 * server does for the page's HTML.
 */
async function render(
  data: ArtworkDetail,
  userId: string | null = null,
  replyTime: string | null = null,
): Promise<string> {
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
              replyTime,
              onEditListing: () => undefined,
            }),
        },
      ],
    },
  ]);
  const { prelude } = await prerenderToNodeStream(
    createElement(Stub, {
      initialEntries: ["/artwork/w1"],
      hydrationData: { loaderData: { root: { user: userId ? { id: userId } : null } } },
    }),
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe("ArtworkView", () => {
  it("shows Make an Offer instead of SOLD for a work open to offers only", async () => {
    const html = await render(
      artwork({ isForSale: false, price: null, offersOnly: true, acceptsOffers: true }),
    );
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Make an Offer<\/button>/);
    expect(html).not.toContain(">SOLD<");
    expect(html).not.toContain(">Buy Now<");
  });

  it("shows Make an Offer beside Buy Now when a work for sale also takes offers", async () => {
    const html = await render(artwork({ acceptsOffers: true }));
    expect(html).toContain(">Buy Now<");
    expect(html).toContain(">Make an Offer<");
  });

  it("keeps SOLD for a sold work, and no offer button without acceptsOffers", async () => {
    const sold = await render(artwork({ isForSale: false, acceptsOffers: false }));
    expect(sold).toContain(">SOLD<");
    expect(sold).not.toContain("Make an Offer");
    expect(await render(artwork())).not.toContain("Make an Offer");
  });

  it("shows Ask the artist beside Buy Now, and under SOLD, to anyone but the work's artist", async () => {
    const html = await render(
      artwork({ acceptsOffers: true }),
      null,
      "Usually replies within 3 hours",
    );
    expect(html).toMatch(/<button[^>]*value="ask"[^>]*name="open"[^>]*>Ask the artist<\/button>/);
    expect(html).toContain("Usually replies within 3 hours");
    const sold = await render(artwork({ isForSale: false, acceptsOffers: false }), "u2");
    expect(sold).toContain(">SOLD<");
    expect(sold).toContain(">Ask the artist<");
    // Without a reply time (fewer than 3 conversations answered), no line.
    expect(sold).not.toContain("Usually replies");
    // The artist's own work, even one sold to someone else: nobody to ask.
    const own = await render(artwork({ ownerId: "u9" }), "a1", "Usually replies within 3 hours");
    expect(own).not.toContain("Ask the artist");
    expect(own).not.toContain("Usually replies");
  });

  it("never offers its own artist to make an offer", async () => {
    const own = artwork({ acceptsOffers: true, ownerId: "a1" });
    expect(await render(own, "a1")).not.toContain("Make an Offer");
  });

  it("shows a work for sale: artist link, title with year, facts, price and Buy Now", async () => {
    const html = await render(artwork());
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

  it("opens on the first of its images: medium with srcset, eager and high priority, sized", async () => {
    const html = await render(artwork());
    const img = /<img[^>]*src="\/media\/a\/0-medium.webp"[^>]*>/.exec(html)?.[0] ?? "";
    // The 500 px and 1200 px WebP derivatives, and the picture box's widths.
    const srcSet = "/media/a/0-thumbnail.webp 500w, /media/a/0-medium.webp 1200w";
    const sizes = "(min-width: 1200px) 625px, (min-width: 900px) 52vw, calc(100vw - 2rem)";
    expect(img).toContain(`srcSet="${srcSet}"`);
    expect(img).toContain(`sizes="${sizes}"`);
    // Preloaded with the same choice, so the browser asks for it before the scripts.
    const preload = /<link[^>]*rel="preload"[^>]*as="image"[^>]*>/.exec(html)?.[0] ?? "";
    expect(preload).toContain(`imageSrcSet="${srcSet}"`);
    expect(preload).toContain(`imageSizes="${sizes}"`);
    expect(preload).toContain('fetchPriority="high"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('loading="eager"');
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
    expect(img).toContain('alt="Salt Marsh in October by Elena Marsh, image 1 of 3"');
    expect(html).toMatch(/class="carousel-counter"[^>]*>1 \/ 3</);
    expect(html).toContain('aria-label="Next image"');
    expect(html).toContain('aria-label="Image 3 of 3"');
  });

  it("uses the SPEC's fallbacks and shows SOLD instead of Buy Now", async () => {
    const html = await render(
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

  it("adds depth when above 0", async () => {
    expect(await render(artwork({ depth: 4 }))).toContain("18 inches x 26 inches x 4 inches");
  });

  it("lists the exhibitions showing it under 'Currently on Display'", async () => {
    const html = await render(
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

  it("renders what the artist typed as text, never as HTML", async () => {
    const html = await render(
      artwork({ title: "<img src=x onerror=alert(1)>", description: "<script>alert(1)</script>" }),
    );
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows the owner-artist Edit Listing, Delete Listing and the For Sale switch, not Buy Now", async () => {
    const html = await render(artwork(), "a1");
    expect(html).toContain(">Edit Listing<");
    expect(html).toContain(">Delete Listing<");
    expect(html).toMatch(/role="switch"[^>]*aria-checked="true"/);
    expect(html).toContain("For Sale");
    expect(html).not.toContain(">Buy Now<");
    expect(html).toContain("$9,500");
  });

  it("shows the owner-artist 'Offers only' (not SOLD) and the switch off when the work is not for sale", async () => {
    const html = await render(artwork({ isForSale: false }), "a1");
    expect(html).toMatch(/role="switch"[^>]*aria-checked="false"/);
    expect(html).toContain(">Offers only<");
    expect(html).not.toContain(">SOLD<");
  });

  it("shows its artist 'Hidden' instead of For Sale, SOLD or Buy Now while the team hides it", async () => {
    const reason = "Shows another artist's work.";
    for (const html of [
      await render(artwork({ hiddenReason: reason }), "a1"),
      await render(artwork({ hiddenReason: reason, isForSale: false }), "a1"),
      await render(artwork({ hiddenReason: reason, ownerId: "collector" }), "a1"),
    ]) {
      expect(html).toContain('class="sold-badge">Hidden<');
      expect(html).toContain("Hidden by the marketplace team: Shows another artist&#x27;s work.");
      expect(html).not.toContain(">SOLD<");
      expect(html).not.toContain(">Buy Now<");
    }
    // The owner controls stay.
    expect(await render(artwork({ hiddenReason: reason }), "a1")).toContain(">Edit Listing<");
    expect(await render(artwork({ hiddenReason: null }), "a1")).not.toContain(">Hidden<");
  });

  it("keeps Buy Now for everyone else: a visitor, another user, an artist who sold it", async () => {
    for (const html of [
      await render(artwork(), null),
      await render(artwork(), "someone-else"),
      await render(artwork({ ownerId: "collector" }), "a1"),
    ]) {
      expect(html).toContain(">Buy Now<");
      expect(html).not.toContain("Edit Listing");
      expect(html).not.toContain('role="switch"');
    }
  });
});
