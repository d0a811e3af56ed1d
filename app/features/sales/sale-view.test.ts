import { describe, expect, it } from "vitest";
import type { Sale } from "../../../contracts/sales.contract";
import {
  STATUS_FILTER,
  addressText,
  percentText,
  saleActions,
  saleAmounts,
  shipByUrgency,
  shipmentText,
  totalText,
} from "./sale-view";
import { saleFixture } from "./sale.fixture";

const NOW = "2026-06-01T12:00:00.000Z";

describe("shipByUrgency", () => {
  it("is calm with more than two days left", () => {
    expect(shipByUrgency("2026-06-08T12:00:00.000Z", NOW)).toEqual({
      text: "7 days left",
      urgent: false,
    });
    expect(shipByUrgency("2026-06-03T12:00:01.000Z", NOW).urgent).toBe(false);
  });

  it("warns with two days or fewer left, and once the date has passed", () => {
    expect(shipByUrgency("2026-06-03T12:00:00.000Z", NOW)).toEqual({
      text: "2 days left",
      urgent: true,
    });
    expect(shipByUrgency("2026-06-01T13:00:00.000Z", NOW)).toEqual({
      text: "1 day left",
      urgent: true,
    });
    expect(shipByUrgency(NOW, NOW)).toEqual({ text: "Overdue", urgent: true });
    expect(shipByUrgency("2026-05-30T00:00:00.000Z", NOW)).toEqual({
      text: "Overdue",
      urgent: true,
    });
  });
});

describe("a sale's texts", () => {
  it("writes the address on one line, or nothing without one", () => {
    expect(
      addressText({ line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" }),
    ).toBe("1 Main St, Albany, NY 12207");
    expect(addressText(null)).toBeNull();
  });

  it("writes the shipment, a hand-over, or nothing before shipping, on the viewer's day", () => {
    const none = { shippedAt: null, carrier: null, trackingNumber: null };
    expect(shipmentText(none, "UTC")).toBeNull();
    const shipped = { shippedAt: "2026-06-02T08:00:00Z", carrier: "UPS", trackingNumber: "1Z9" };
    expect(shipmentText(shipped, "UTC")).toBe("Shipped June 2, 2026 · UPS 1Z9");
    expect(shipmentText(shipped, "Pacific/Honolulu")).toBe("Shipped June 1, 2026 · UPS 1Z9");
    const handedOver = { shippedAt: "2026-06-02T08:00:00Z", carrier: null, trackingNumber: null };
    expect(shipmentText(handedOver, "UTC")).toBe("Handed over at pick-up on June 2, 2026");
  });

  it("writes the money: price, commission with its rate, earnings, and a refund or payout only when there is one", () => {
    expect(saleAmounts(saleFixture())).toEqual({
      price: "$123.45",
      commission: "−$24.69",
      commissionLabel: "Commission (20%)",
      earnings: "$98.76",
      refunded: null,
      paidOut: null,
    });
    expect(saleAmounts(saleFixture({ refundedAmount: 500 })).refunded).toBe("$5");
    expect(saleAmounts(saleFixture({ earned: 4_000, paidOut: 4_000 })).paidOut).toBe("$40");
    // The earnings are the ledger's (the server's `earned`), never worked out from the
    // price: cancelled before the capture, or sold before the ledger, they are nothing.
    expect(saleAmounts(saleFixture({ status: "cancelled", earned: 0 })).earnings).toBe("$0");
    expect(saleAmounts(saleFixture({ refundedAmount: 5_000, earned: 3_000 })).earnings).toBe("$30");
    expect(percentText(1250)).toBe("12.5%");
    expect(percentText(0)).toBe("0%");
    expect(totalText(-2_500)).toBe("−$25");
    expect(totalText(0)).toBe("$0");
  });
});

describe("saleActions", () => {
  const on = (overrides: Partial<Sale>) => saleActions(saleFixture(overrides));

  it("offers shipping and cannot fulfil while paid; hand-over only with a pick-up zip", () => {
    expect(on({})).toEqual({ ship: true, handOver: false, cannotFulfil: true, relist: false });
    expect(on({ pickUpZipCode: "10001" }).handOver).toBe(true);
  });

  it("offers nothing once shipped, and putting back on sale only when the server says so", () => {
    expect(on({ status: "shipped" })).toEqual({
      ship: false,
      handOver: false,
      cannotFulfil: false,
      relist: false,
    });
    expect(on({ status: "cancelled", mayRelist: true }).relist).toBe(true);
    expect(on({ status: "refunded", mayRelist: false }).relist).toBe(false);
  });
});

describe("the state filter", () => {
  it("offers all sales, then every state by its label", () => {
    expect(STATUS_FILTER).toHaveLength(12);
    expect(STATUS_FILTER[0]).toEqual({ value: "", label: "All sales" });
    expect(STATUS_FILTER[1]).toEqual({ value: "paid", label: "Awaiting shipment" });
  });
});
