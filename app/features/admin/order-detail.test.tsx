// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminOrderDetail } from "../../../contracts/admin-orders.contract";
import { moneyInputMessages } from "../../../domain/money-input";
import { orderMessages } from "../../../domain/orders";
import { REASON_MISSING, SETTLES_PROBLEM, refundAmountOf } from "./order-actions";
import { OrderDetail } from "./order-detail";

afterEach(cleanup);

const order = (overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  id: "6a07680d-0567-4b05-b149-bcda96537ef0",
  artworkId: "a1",
  title: "Cache Memory",
  imageThumbnail: null,
  artistName: "Theo Lindqvist",
  buyerName: "Ada Buyer",
  status: "problem_reported",
  price: 75_000,
  taxAmount: 4_688,
  totalAmount: 79_688,
  refundedAmount: 1_250,
  soldAt: "2026-11-20T10:00:00.000Z",
  shipBy: "2026-11-27T10:00:00.000Z",
  shippedAt: "2026-11-21T10:00:00.000Z",
  carrier: "UPS",
  trackingNumber: "1Z999",
  deliveredAt: null,
  completedAt: null,
  cancelledAt: null,
  problemKind: "damaged",
  problemNote: "The corner is dented.",
  pickUpZipCode: null,
  shippingAddress: { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
  commissionBps: 1_550,
  commissionAmount: 11_625,
  artistNet: 63_375,
  events: [],
  artistId: "u2",
  artistEmail: "theo@example.com",
  purchaserId: "u1",
  buyerEmail: "ada@example.com",
  payment: {
    provider: "stripe",
    providerPaymentId: "pi_123",
    status: "captured",
    authorized: 79_688,
    captured: 79_688,
    refunded: 1_250,
    pendingRefunds: 0,
  },
  refunds: [],
  refundable: 78_438,
  actions: { refund: true, closeProblem: true, cancel: false },
  ...overrides,
});

function show(o: AdminOrderDetail) {
  const Stub = createRoutesStub([
    { path: "/admin/orders/:orderId", Component: () => <OrderDetail order={o} /> },
  ]);
  return render(<Stub initialEntries={[`/admin/orders/${o.id}`]} />);
}

describe("OrderDetail", () => {
  it("shows the money at the order's own rate, the problem, and only the moves open now", () => {
    show(order());
    const money = screen.getByRole("table", { name: "Money of this order" });
    const row = (name: string) => within(money).getByRole("rowheader", { name }).closest("tr");
    expect(row("Commission at 15.50%")).toHaveProperty(
      "textContent",
      "Commission at 15.50%$116.25",
    );
    expect(row("Refundable now")).toHaveProperty("textContent", "Refundable now$784.38");
    expect(screen.getByText("The work arrived damaged")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close problem" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refund" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
    // A refund is the problem's outcome: the form says so before it is sent.
    expect(screen.getByText(SETTLES_PROBLEM)).toBeTruthy();
  });

  it("does not speak of a problem when the order has none", () => {
    show(order({ status: "delivered" }));
    expect(screen.queryByText(SETTLES_PROBLEM)).toBeNull();
  });

  it("says when no move is open", () => {
    show(
      order({ status: "refunded", actions: { refund: false, closeProblem: false, cancel: false } }),
    );
    expect(screen.getByText("No action is open on this order now.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says a missing refund reason in the site's error style, not the browser's bubble", async () => {
    show(order());
    const reason = screen.getByLabelText("Reason (the buyer and the artist see it)");
    const refund = screen.getByRole("button", { name: "Refund" });
    const checked: Event[] = [];
    reason.addEventListener("invalid", (event) => checked.push(event));
    fireEvent.click(refund);
    expect((await screen.findByRole("alert")).textContent).toBe(REASON_MISSING);
    // A cancelled invalid event is what keeps the browser from showing its bubble.
    expect(checked.map((event) => event.defaultPrevented)).toEqual([true]);
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(reason);
    // Nothing is asked, or sent, without a reason.
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.input(reason, { target: { value: "Damaged in transit" } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(reason.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(refund);
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("refuses an amount with a third decimal or above what is left, in the field's description", () => {
    show(order());
    const amount = screen.getByLabelText("Amount in US dollars (to refund part)");
    fireEvent.change(amount, { target: { value: "12.345" } });
    expect(screen.getByLabelText("Refund part of it")).toHaveProperty("checked", true);
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(moneyInputMessages.dollars)).toBeTruthy();
    fireEvent.change(amount, { target: { value: "784.39" } });
    expect(screen.getByText(orderMessages.refundTooLarge("$784.38"))).toBeTruthy();
    fireEvent.change(amount, { target: { value: "784.38" } });
    expect(amount.getAttribute("aria-invalid")).toBeNull();
  });
});

describe("refundAmountOf", () => {
  it("is everything left, or the typed dollars as cents within it", () => {
    expect(refundAmountOf(true, "garbage", 5_000)).toEqual({ cents: 5_000, error: "" });
    expect(refundAmountOf(false, "12.50", 5_000)).toEqual({ cents: 1_250, error: "" });
    expect(refundAmountOf(false, "50", 5_000)).toEqual({ cents: 5_000, error: "" });
    expect(refundAmountOf(false, "50.01", 5_000)).toEqual({
      cents: null,
      error: orderMessages.refundTooLarge("$50"),
    });
    expect(refundAmountOf(false, "0.00", 5_000)).toEqual({
      cents: null,
      error: orderMessages.refundPositive,
    });
    expect(refundAmountOf(false, "-1", 5_000)).toEqual({
      cents: null,
      error: orderMessages.refundPositive,
    });
    expect(refundAmountOf(false, "1.234", 5_000)).toEqual({
      cents: null,
      error: moneyInputMessages.dollars,
    });
  });
});
