import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Purchase } from "../../../contracts/checkout.contract";
import { PurchaseHistory, type PurchaseHistoryData } from "./purchase-history";

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

/** Server-renders the history as /profile/purchases would, with its list read or still coming. */
function render(history: PurchaseHistoryData | Promise<PurchaseHistoryData>) {
  const Stub = createRoutesStub([
    {
      path: "/profile/purchases",
      Component: () => createElement(PurchaseHistory, { history }),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/profile/purchases"] }));
}

describe("PurchaseHistory", () => {
  it("lists each purchase with its thumbnail, title, artist, price, tax and total, in the given order", () => {
    const html = render({
      purchases: [
        purchase(),
        purchase({ id: "o2", artworkId: "w2", title: "Salt Marsh", price: 100_000 }),
      ],
      failed: false,
    });
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
    const html = render({ purchases: [], failed: false });
    expect(html).toContain("You haven&#x27;t made any purchases yet.");
    expect(html).not.toContain("Failed to load purchase history.");
  });

  it("says 'Failed to load purchase history.' as an alert when the read failed", () => {
    const html = render({ purchases: [], failed: true });
    expect(html).toMatch(/role="alert"[^>]*>Failed to load purchase history\.</);
    expect(html).not.toContain("You haven&#x27;t made any purchases yet.");
  });

  it("says 'Loading purchase history...' until the list has been read", () => {
    const html = render(new Promise<PurchaseHistoryData>(() => {}));
    expect(html).toMatch(/role="status"[^>]*>Loading purchase history\.\.\.</);
    expect(html).not.toContain("You haven&#x27;t made any purchases yet.");
    expect(html).not.toContain("Failed to load purchase history.");
  });
});
