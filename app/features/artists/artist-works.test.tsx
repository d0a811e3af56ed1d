// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { ArtistWorks } from "./artist-works";

afterEach(cleanup);

/** Renders the tabs as the artist page would, at /artist/a1{search}. */
function renderWorks(props: Partial<Parameters<typeof ArtistWorks>[0]>, search = "") {
  const Stub = createRoutesStub([
    {
      path: "/artist/:artistId",
      Component: () => (
        <ArtistWorks artistName="Elena Marsh" tab="all" artworks={[]} error={null} {...props} />
      ),
    },
  ]);
  return render(<Stub initialEntries={[`/artist/a1${search}`]} />).container;
}

const card = (overrides: Partial<ArtworkCard> = {}): ArtworkCard => ({
  id: "w1",
  title: "Evening Ferry",
  createdYear: 2024,
  price: 50_000,
  isForSale: false,
  offersOnly: false,
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
    const page = renderWorks({ tab: "sold", artworks: [card()] }, "?tab=sold");
    expect(screen.getByRole("tablist")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "All Works", selected: false })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "For Sale", selected: false })).toBeTruthy();
    const sold = screen.getByRole("tab", { name: "Sold", selected: true });
    expect(sold.id).toBe("artist-tab-sold");
    expect(sold.getAttribute("tabindex")).toBe("0");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe("artist-tab-sold");
    expect(page.querySelector('a[href="/artist/a1?tab=forSale"]')).not.toBeNull();
    expect(screen.getByText("SOLD")).toBeTruthy();
  });

  it("reads 'Make an Offer' on an offers-only card, SOLD on a sold one, the price for sale", () => {
    renderWorks({
      tab: "all",
      artworks: [
        card({ id: "w1", title: "Sold One" }),
        card({ id: "w2", title: "Offers One", offersOnly: true }),
        card({ id: "w3", title: "For Sale One", isForSale: true }),
      ],
    });
    const prices = [...document.querySelectorAll(".artwork-card-price")].map((p) => p.textContent);
    expect(prices).toEqual(["SOLD", "Make an Offer", "$500"]);
  });

  it("says so when the artist has no works in the tab", () => {
    renderWorks({ tab: "forSale" }, "?tab=forSale");
    expect(screen.getByText("No artworks found for this artist")).toBeTruthy();
  });

  it("shows the SPEC's failure text when the works could not be read", () => {
    renderWorks({ error: "Failed to fetch artworks" });
    expect(screen.getByRole("alert").textContent).toBe("Failed to fetch artworks");
    expect(screen.queryByText("No artworks found for this artist")).toBeNull();
  });
});
