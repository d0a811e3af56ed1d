import { describe, expect, it } from "vitest";
import type { Purchase } from "../../../contracts/checkout.contract";
import { purchaseLines } from "./purchase-amounts";

const purchase: Purchase = {
  id: "o1",
  artworkId: "a1",
  title: "Moon Jar I",
  imageThumbnail: "/media/t.webp",
  imageOriginal: "/media/o.jpg",
  artistName: "Hana Sato",
  price: 45000,
  preTaxAmount: 45000,
  taxAmount: 3713,
  totalAmount: 48713,
  timestamp: "2026-03-15T23:30:00.000Z",
  status: "paid",
  shippedAt: null,
  carrier: null,
  trackingNumber: null,
};

describe("purchaseLines (SPEC §2 Purchase history)", () => {
  it("shows title, artist, price, tax and total in USD and the date", () => {
    expect(purchaseLines(purchase, "UTC")).toEqual({
      title: "Moon Jar I",
      artistName: "Hana Sato",
      price: "$450",
      tax: "$37.13",
      total: "$487.13",
      date: "March 15, 2026",
    });
  });

  it("uses the SPEC's fallbacks for a missing title or artist name", () => {
    const lines = purchaseLines({ ...purchase, title: "", artistName: " " }, "UTC");
    expect(lines.title).toBe("Untitled");
    expect(lines.artistName).toBe("Unknown Artist");
  });

  it("shows no date for an unreadable timestamp", () => {
    expect(purchaseLines({ ...purchase, timestamp: "yesterday" }, "UTC").date).toBe("");
  });
});
