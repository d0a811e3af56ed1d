// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Purchase } from "../../../contracts/checkout.contract";
import { PurchaseHistory, type PurchaseHistoryData } from "./purchase-history";

afterEach(cleanup);

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
    status: "paid",
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    ...overrides,
  };
}

/** Renders the history as /profile/purchases would, with its list read or still coming. */
function renderHistory(history: PurchaseHistoryData | Promise<PurchaseHistoryData>) {
  const Stub = createRoutesStub([
    { path: "/profile/purchases", Component: () => <PurchaseHistory history={history} /> },
  ]);
  return render(<Stub initialEntries={["/profile/purchases"]} />).container;
}

const empty = "You haven't made any purchases yet.";

describe("PurchaseHistory", () => {
  it("lists each purchase with its thumbnail, title, artist, price, tax and total, in the given order", () => {
    const page = renderHistory({
      purchases: [
        purchase(),
        purchase({ id: "o2", artworkId: "w2", title: "Salt Marsh", price: 100_000 }),
      ],
      failed: false,
    });
    expect(page.querySelector('img[src="/media/a/w1-thumbnail.webp"]')).not.toBeNull();
    expect(screen.getByRole("link", { name: "Grid City" }).getAttribute("href")).toBe(
      "/artwork/w1",
    );
    expect(screen.getAllByText("Marcus Bell")).toHaveLength(2);
    expect(screen.getByText("$425")).toBeTruthy();
    expect(screen.getAllByText("$26.56").length).toBeGreaterThan(0);
    expect(screen.getAllByText("$451.56").length).toBeGreaterThan(0);
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(["Grid City", "Salt Marsh"]);
    expect(screen.queryByText(empty)).toBeNull();
  });

  it("shows each purchase's state, its tracking once shipped, and links to its order page", () => {
    renderHistory({
      purchases: [
        purchase({
          status: "shipped",
          shippedAt: "2026-11-23T10:00:00.000Z",
          carrier: "UPS",
          trackingNumber: "1Z999AA10123456784",
        }),
        purchase({
          id: "o2",
          artworkId: "w2",
          title: "Salt Marsh",
          status: "delivered",
          shippedAt: "2026-11-23T10:00:00.000Z",
        }),
        purchase({ id: "o3", artworkId: "w3", title: "Night Walk" }),
      ],
      failed: false,
    });
    const entries = screen.getAllByRole("listitem");
    expect(within(entries[0]!).getByText("Shipped")).toBeTruthy();
    expect(within(entries[0]!).getByText("UPS")).toBeTruthy();
    expect(within(entries[0]!).getByText("1Z999AA10123456784")).toBeTruthy();
    expect(within(entries[1]!).getByText("Delivered")).toBeTruthy();
    expect(within(entries[1]!).getByText("Handed over at pick-up")).toBeTruthy();
    expect(within(entries[2]!).getByText("Awaiting shipment")).toBeTruthy();
    expect(within(entries[2]!).queryByText("Tracking number")).toBeNull();
    expect(within(entries[2]!).queryByText("Handed over at pick-up")).toBeNull();
    const link = screen.getByRole("link", { name: "View order of Night Walk" });
    expect(link.getAttribute("href")).toBe("/profile/purchases/o3");
  });

  it("says so when there are no purchases", () => {
    renderHistory({ purchases: [], failed: false });
    expect(screen.getByText(empty)).toBeTruthy();
    expect(screen.queryByText("Failed to load purchase history.")).toBeNull();
  });

  it("says 'Failed to load purchase history.' as an alert when the read failed", () => {
    renderHistory({ purchases: [], failed: true });
    expect(screen.getByRole("alert").textContent).toBe("Failed to load purchase history.");
    expect(screen.queryByText(empty)).toBeNull();
  });

  it("says 'Loading purchase history...' until the list has been read", () => {
    renderHistory(new Promise<PurchaseHistoryData>(() => {}));
    expect(screen.getByRole("status").textContent).toBe("Loading purchase history...");
    expect(screen.queryByText(empty)).toBeNull();
    expect(screen.queryByText("Failed to load purchase history.")).toBeNull();
  });
});
