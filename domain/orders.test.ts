import { describe, expect, it } from "vitest";
import {
  ORDER_MOVES,
  ORDER_STATUSES,
  type OrderActorRole,
  type OrderMove,
  type OrderStatus,
  divideHalfUp,
  mayMove,
  mayReportProblem,
  moveTarget,
  refundSplit,
  refundable,
  refundedShares,
  splitSale,
} from "./orders";

const ROLES: OrderActorRole[] = ["artist", "buyer", "team", "system"];

/** The whole table the issue gives, written out once more by hand: [move, from, by, to]. */
const ALLOWED: [OrderMove, OrderStatus, OrderActorRole, OrderStatus][] = [
  ["ship", "paid", "artist", "shipped"],
  ["cannot_fulfil", "paid", "artist", "cancelled"],
  ["auto_cancel", "paid", "system", "cancelled"],
  ["cancel", "paid", "team", "cancelled"],
  ["cancel", "shipped", "team", "cancelled"],
  ["confirm_receipt", "shipped", "buyer", "delivered"],
  ["auto_deliver", "shipped", "system", "delivered"],
  ["report_problem", "shipped", "buyer", "problem_reported"],
  ["report_problem", "delivered", "buyer", "problem_reported"],
  ["complete", "delivered", "system", "completed"],
  ["close_problem", "problem_reported", "team", "completed"],
  ...(
    [
      "paid",
      "shipped",
      "delivered",
      "completed",
      "problem_reported",
      "partially_refunded",
      "return_requested",
      "return_accepted",
      "return_shipped",
    ] as const
  ).flatMap((from): [OrderMove, OrderStatus, OrderActorRole, OrderStatus][] => [
    ["refund_full", from, "team", "refunded"],
    // A partial refund settles a reported problem; elsewhere the order goes on as it was.
    ["refund_partial", from, "team", from === "problem_reported" ? "partially_refunded" : from],
  ]),
  // Returns (decision 0055); a refusal goes back to where the return was asked from.
  ["request_return", "delivered", "buyer", "return_requested"],
  ["request_return", "completed", "buyer", "return_requested"],
  ["accept_return", "return_requested", "artist", "return_accepted"],
  ["accept_return", "return_requested", "team", "return_accepted"],
  ["refuse_return", "return_requested", "team", "delivered"],
  ["ship_return", "return_accepted", "buyer", "return_shipped"],
  ["refund_return", "return_shipped", "artist", "refunded"],
  ["refund_return", "return_shipped", "team", "refunded"],
  ["refund_return", "return_shipped", "system", "refunded"],
  ["lapse_return", "return_accepted", "system", "delivered"],
];

describe("the order state machine", () => {
  it("allows exactly the listed moves, by exactly the listed roles", () => {
    const moves = Object.keys(ORDER_MOVES) as OrderMove[];
    let checked = 0;
    for (const move of moves) {
      for (const from of ORDER_STATUSES) {
        for (const by of ROLES) {
          const expected = ALLOWED.find((a) => a[0] === move && a[1] === from && a[2] === by);
          expect(mayMove(move, from, by), `${move} from ${from} by ${by}`).toBe(!!expected);
          if (expected) expect(moveTarget(move, from)).toBe(expected[3]);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(moves.length * ORDER_STATUSES.length * ROLES.length);
  });

  it("lets nothing leave cancelled or refunded", () => {
    for (const move of Object.keys(ORDER_MOVES) as OrderMove[]) {
      expect(moveTarget(move, "cancelled")).toBeNull();
      expect(moveTarget(move, "refunded")).toBeNull();
    }
  });

  it("takes a problem report while the work travels and for 7 days after delivery", () => {
    const delivered = new Date("2026-01-01T12:00:00Z");
    const at = (iso: string) => new Date(iso);
    expect(
      mayReportProblem({ status: "shipped", deliveredAt: null }, at("2026-03-01T00:00:00Z")),
    ).toBe(true);
    expect(
      mayReportProblem({ status: "delivered", deliveredAt: delivered }, at("2026-01-08T11:59:59Z")),
    ).toBe(true);
    expect(
      mayReportProblem({ status: "delivered", deliveredAt: delivered }, at("2026-01-08T12:00:00Z")),
    ).toBe(false);
    expect(
      mayReportProblem({ status: "completed", deliveredAt: delivered }, at("2026-01-02T00:00:00Z")),
    ).toBe(false);
    expect(
      mayReportProblem({ status: "paid", deliveredAt: null }, at("2026-01-02T00:00:00Z")),
    ).toBe(false);
  });
});

describe("commission and net, in cents", () => {
  it("rounds half up", () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    expect(divideHalfUp(14_999, 10_000)).toBe(1);
    expect(divideHalfUp(0, 7)).toBe(0);
    expect(() => divideHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
    expect(() => divideHalfUp(0.5, 2)).toThrow(RangeError);
  });

  it("takes the fee from the price only, never from the tax", () => {
    // $123.45 at 20%: 2469 cents exactly; at 12.5%: 1543.125 → 1543.
    expect(splitSale(12_345, 1_000, 2000)).toEqual({
      price: 12_345,
      tax: 1_000,
      total: 13_345,
      commissionBps: 2000,
      commission: 2_469,
      artistNet: 9_876,
    });
    expect(splitSale(12_345, 0, 1250).commission).toBe(1_543);
    // 1 cent at 50%: half a cent rounds up to the platform.
    expect(splitSale(1, 0, 5000)).toMatchObject({ commission: 1, artistNet: 0 });
    expect(splitSale(10_000, 800, 0)).toMatchObject({ commission: 0, artistNet: 10_000 });
    expect(splitSale(10_000, 800, 10_000)).toMatchObject({ commission: 10_000, artistNet: 0 });
    expect(() => splitSale(100, 0, 10_001)).toThrow(RangeError);
    expect(() => splitSale(100, 0, -1)).toThrow(RangeError);
    expect(() => splitSale(100, 0, 20.5)).toThrow(RangeError);
  });

  it("keeps the fee exact at the checkout's price cap", () => {
    const money = splitSale(99_999_999_99, 8_875_000_00, 3333);
    expect(money.commission + money.artistNet).toBe(money.price);
    expect(money.commission).toBe(divideHalfUp(99_999_999_99 * 3333, 10_000));
  });
});

describe("partial refunds", () => {
  const money = splitSale(10_000, 887, 2000); // total 10,887; commission 2,000; net 8,000

  it("splits every refund into parts that add up to it", () => {
    const split = refundSplit(money, 0, 1_000);
    expect(split.tax + split.commission + split.artistNet).toBe(1_000);
    expect(split).toEqual({ tax: 81, commission: 184, artistNet: 735 });
  });

  it("returns every part exactly once the whole total is refunded, however it was cut", () => {
    for (const cuts of [[10_887], [1, 10_886], [3_333, 3_333, 3_333, 888], [5_443, 5_444]]) {
      let before = 0;
      const sum = { tax: 0, commission: 0, artistNet: 0 };
      for (const amount of cuts) {
        const split = refundSplit(money, before, amount);
        for (const part of ["tax", "commission", "artistNet"] as const) {
          expect(split[part]).toBeGreaterThanOrEqual(0);
          sum[part] += split[part];
        }
        before += amount;
      }
      expect(sum).toEqual({ tax: 887, commission: 2_000, artistNet: 8_000 });
    }
  });

  it("refuses a refund beyond the order, and says what is left", () => {
    expect(() => refundedShares(money, 10_888)).toThrow(RangeError);
    expect(() => refundSplit(money, 10_000, 888)).toThrow(RangeError);
    expect(refundable(10_887, 10_000)).toBe(887);
    expect(refundable(10_887, 10_887)).toBe(0);
    expect(refundable(0, 0)).toBe(0);
  });

  it("handles an order with no tax and no commission", () => {
    const plain = splitSale(5_000, 0, 0);
    expect(refundSplit(plain, 0, 2_500)).toEqual({ tax: 0, commission: 0, artistNet: 2_500 });
  });
});
