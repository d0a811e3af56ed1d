// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import ExhibitionPage, { ErrorBoundary as ExhibitionError } from "./exhibition";
import ExhibitionsPage, { ErrorBoundary as ExhibitionsError } from "./exhibitions";

afterEach(cleanup);

/** Renders a route component with the loader data given (as React Router would). */
async function renderPage(page: ComponentType<never>, loaderData: unknown, path = "/exhibition") {
  const Page = page as unknown as ComponentType<{ loaderData: unknown }>;
  const Stub = createRoutesStub([
    {
      path: "/exhibition/:exhibitionId?",
      Component: () => <Page loaderData={loaderData} />,
      HydrateFallback: () => null,
      loader: () => null,
    },
  ]);
  const view = render(<Stub initialEntries={[path]} />);
  await screen.findByRole("heading", { level: 1 });
  return view;
}

/**
 * The server's HTML of a page, for what only it shows: a DOM without image loading
 * (happy-dom) reports every image as failed, so the banner swaps to its fallback there.
 */
function serverHtml(page: ComponentType<never>, loaderData: unknown, path = "/exhibition") {
  const Page = page as unknown as ComponentType<{ loaderData: unknown }>;
  const Stub = createRoutesStub([
    { path: "/exhibition/:exhibitionId?", Component: () => <Page loaderData={loaderData} /> },
  ]);
  return renderToString(<Stub initialEntries={[path]} />);
}

/** Renders a route's ErrorBoundary for a loader that threw `data(text, { status })`. */
async function renderError(Boundary: ComponentType, text: string, status: number, path: string) {
  const Stub = createRoutesStub([
    {
      path: "/exhibition/:exhibitionId?",
      Component: () => null,
      ErrorBoundary: Boundary,
      HydrateFallback: () => null,
      loader: () => {
        throw data(text, { status });
      },
    },
  ]);
  const view = render(<Stub initialEntries={[path]} />);
  await screen.findByRole("heading", { level: 1 });
  return view;
}

const coastlines = {
  id: "e1",
  name: "Coastlines",
  description: "Fog, tide and long summer evenings.",
  address: "1120 NW Couch St, Portland, OR 97209",
  bannerUrl: "/media/exhibitions/e1/banner.webp",
  startsOn: "2026-11-12",
  endsOn: "2026-12-20",
  openingHours: "Tue–Sat 11:00–18:00",
  run: { dates: "November 12 – December 20, 2026", timing: "current" },
};

describe("the exhibitions list", () => {
  it("shows a card per exhibition with banner, name, address and View Exhibition", () => {
    const html = serverHtml(ExhibitionsPage, {
      exhibitions: [
        coastlines,
        { ...coastlines, id: "e2", name: "Material Matters", bannerUrl: "nope" },
      ],
      origin: "https://art.example",
    });
    expect(html).toContain('src="/media/exhibitions/e1/banner.webp"');
    expect(html).toContain("1120 NW Couch St, Portland, OR 97209");
    expect(html).toMatch(
      /Now on<\/span> <span class="exhibition-dates">November 12 – December 20, 2026/,
    );
    expect(html).toMatch(/href="\/exhibition\/e1"[^>]*>View Exhibition/);
    // A banner that is not a valid address: the text fallback with the name.
    expect(html).toMatch(/banner-fallback[^>]*><span>Material Matters<\/span>/);
  });

  it("says when there is no active exhibition", async () => {
    await renderPage(ExhibitionsPage, { exhibitions: [], origin: "" });
    expect(screen.getByText("No active exhibitions at the moment.")).toBeTruthy();
  });

  it("shows the SPEC's failure text", async () => {
    await renderError(
      ExhibitionsError,
      "Failed to load exhibitions. Please try again later.",
      500,
      "/exhibition",
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "Failed to load exhibitions. Please try again later.",
    );
  });
});

describe("the exhibition page", () => {
  it("shows the days, where the run stands, the opening hours and the linked artists", async () => {
    await renderPage(
      ExhibitionPage,
      {
        exhibition: {
          ...coastlines,
          artworks: [],
          artists: [
            { id: "a1", name: "Ada Moss" },
            { id: "a2", name: "" },
          ],
        },
        run: { dates: "November 12 – December 20, 2026", timing: "upcoming" },
        origin: "",
      },
      "/exhibition/e1",
    );
    expect(screen.getByText("November 12 – December 20, 2026")).toBeTruthy();
    expect(screen.getByText("Upcoming")).toBeTruthy();
    expect(screen.getByText(/Tue–Sat 11:00–18:00/)).toBeTruthy();
    const artists = screen.getByRole("region", { name: "Artists" });
    const links = Array.from(artists.querySelectorAll("a")).map((a) => [
      a.textContent,
      a.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["Ada Moss", "/artist/a1"],
      ["Unknown Artist", "/artist/a2"],
    ]);
  });

  it("links the address to a maps search in a new tab and lists the works", async () => {
    await renderPage(
      ExhibitionPage,
      { exhibition: { ...coastlines, artworks: [], artists: [] }, run: coastlines.run, origin: "" },
      "/exhibition/e1",
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Coastlines");
    const map = screen.getByRole("link", { name: /1120 NW Couch St/ });
    expect(map.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1120%20NW%20Couch%20St%2C%20Portland%2C%20OR%2097209",
    );
    expect(map.getAttribute("target")).toBe("_blank");
    expect(map.getAttribute("rel")).toBe("noopener noreferrer");
    const html = serverHtml(
      ExhibitionPage,
      { exhibition: { ...coastlines, artworks: [], artists: [] }, run: coastlines.run, origin: "" },
      "/exhibition/e1",
    );
    expect(html).toMatch(/<img[^>]*fetchPriority="high"/);
  });

  it("shows the error text it was given, with the way back", async () => {
    await renderError(ExhibitionError, "Invalid exhibition data", 400, "/exhibition/x");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Invalid exhibition data");
    const back = screen.getByRole("link", { name: "Return to Marketplace" });
    expect(back.getAttribute("href")).toBe("/");
  });
});
