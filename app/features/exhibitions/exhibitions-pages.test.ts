import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import ExhibitionPage from "../../routes/exhibition";
import ExhibitionsPage from "../../routes/exhibitions";

/** Server-renders a route component with the loader data given (as React Router would). */
function render(page: ComponentType<never>, loaderData: unknown, path = "/exhibition") {
  const Page = page as unknown as ComponentType<{ loaderData: unknown }>;
  const Stub = createRoutesStub([
    { path: "/exhibition/:exhibitionId?", Component: () => createElement(Page, { loaderData }) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [path] }));
}

const coastlines = {
  id: "e1",
  name: "Coastlines",
  description: "Fog, tide and long summer evenings.",
  address: "1120 NW Couch St, Portland, OR 97209",
  bannerUrl: "/media/exhibitions/e1/banner.webp",
};

describe("the exhibitions list", () => {
  it("shows a card per exhibition with banner, name, address and View Exhibition", () => {
    const html = render(ExhibitionsPage, {
      exhibitions: [
        coastlines,
        { ...coastlines, id: "e2", name: "Material Matters", bannerUrl: "nope" },
      ],
      origin: "https://art.example",
      error: null,
    });
    expect(html).toContain('src="/media/exhibitions/e1/banner.webp"');
    expect(html).toContain("1120 NW Couch St, Portland, OR 97209");
    expect(html).toMatch(/href="\/exhibition\/e1"[^>]*>View Exhibition/);
    // A banner that is not a valid address: the text fallback with the name.
    expect(html).toMatch(/banner-fallback[^>]*><span>Material Matters<\/span>/);
  });

  it("says when there is no active exhibition", () => {
    const html = render(ExhibitionsPage, { exhibitions: [], origin: "", error: null });
    expect(html).toContain("No active exhibitions at the moment.");
  });

  it("shows the SPEC's failure text", () => {
    const html = render(ExhibitionsPage, {
      exhibitions: [],
      origin: "",
      error: "Failed to load exhibitions. Please try again later.",
    });
    expect(html).toMatch(/role="alert"[^>]*>Failed to load exhibitions. Please try again later.</);
  });
});

describe("the exhibition page", () => {
  it("links the address to a maps search in a new tab and lists the works", () => {
    const html = render(
      ExhibitionPage,
      { exhibition: { ...coastlines, artworks: [] }, origin: "", error: null },
      "/exhibition/e1",
    );
    expect(html).toMatch(/<h1>Coastlines<\/h1>/);
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=1120%20NW%20Couch%20St%2C%20Portland%2C%20OR%2097209" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toMatch(/<img[^>]*fetchPriority="high"/);
  });

  it("shows the error text it was given, with the way back", () => {
    const html = render(
      ExhibitionPage,
      { exhibition: null, origin: "", error: "Invalid exhibition data" },
      "/exhibition/x",
    );
    expect(html).toContain("<h1>Invalid exhibition data</h1>");
    expect(html).toMatch(/href="\/"[^>]*>Return to Marketplace/);
  });
});
