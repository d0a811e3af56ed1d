import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Purchase } from "../../../server/features/checkout/checkout.types";
import { PurchaseHistory } from "./purchase-history";

function purchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    id: "o1",
    artworkId: "w1",
    title: "Grid City",
    imageThumbnail: "/media/a/w1-thumbnail.webp",
    imageOriginal: "/media/a/w1-original.jpg",
    artistName: "Marcus Bell",
    price: 42_500,
    preTaxAmount: 42_500,
    taxAmount: 2_656,
    totalAmount: 45_156,
    timestamp: "2026-11-22T10:00:00.000Z",
    ...overrides,
  };
}

/** Server-renders the history as /profile/purchases would. */
function render(purchases: Purchase[], failed = false) {
  const Stub = createRoutesStub([
    {
      path: "/profile/purchases",
      Component: () => createElement(PurchaseHistory, { purchases, failed }),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/profile/purchases"] }));
}

describe("PurchaseHistory", () => {
  it("lists each purchase with its thumbnail, title, artist, price, tax and total, in the given order", () => {
    const html = render([
      purchase(),
      purchase({ id: "o2", artworkId: "w2", title: "Salt Marsh", price: 100_000 }),
    ]);
    expect(html).toContain('src="/media/a/w1-thumbnail.webp"');
    expect(html).toContain('href="/artwork/w1"');
    expect(html).toContain("Marcus Bell");
    expect(html).toContain("$425");
    expect(html).toContain("$26.56");
    expect(html).toContain("$451.56");
    expect(html.indexOf("Grid City")).toBeLessThan(html.indexOf("Salt Marsh"));
    expect(html).not.toContain("You haven&#x27;t made any purchases yet.");
  });

  it("says so when there are no purchases", () => {
    const html = render([]);
    expect(html).toContain("You haven&#x27;t made any purchases yet.");
    expect(html).not.toContain("Failed to load purchase history.");
  });

  it("says 'Failed to load purchase history.' as an alert when the read failed", () => {
    const html = render([], true);
    expect(html).toMatch(/role="alert"[^>]*>Failed to load purchase history\.</);
    expect(html).not.toContain("You haven&#x27;t made any purchases yet.");
  });
});
