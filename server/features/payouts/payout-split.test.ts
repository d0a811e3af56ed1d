import { describe, expect, it } from "vitest";
import { type Piece, payoutPieces, reversalPlan, totalOwed } from "./payout-split";

/** What a set of rows moves: paid to the artist less taken back. */
function net(pieces: Piece[]) {
  return pieces.reduce((sum, p) => sum + (p.kind === "payout" ? p.amount : -p.amount), 0);
}

describe("payoutPieces", () => {
  it("pays each owed order and nets off one refunded after its payout", () => {
    const owed = [
      { orderId: "a", owed: 8_000 },
      { orderId: "b", owed: -1_234 },
      { orderId: "c", owed: 1 },
    ];
    const pieces = payoutPieces(owed);
    expect(pieces).toEqual([
      { orderId: "a", kind: "payout", amount: 8_000 },
      { orderId: "b", kind: "payout_reversal", amount: 1_234 },
      { orderId: "c", kind: "payout", amount: 1 },
    ]);
    expect(net(pieces)).toBe(totalOwed(owed));
  });

  it("writes nothing for an order that owes nothing", () => {
    expect(payoutPieces([{ orderId: "a", owed: 0 }])).toEqual([]);
  });
});

describe("reversalPlan", () => {
  it("takes a debt back from the newest transfer that holds it", () => {
    const plan = reversalPlan(
      [{ orderId: "a", owed: -5_000 }],
      [
        { payoutId: "p2", reference: "tr_2", left: 9_000 },
        { payoutId: "p1", reference: "tr_1", left: 9_000 },
      ],
    );
    expect(plan).toEqual([
      {
        reverses: "p2",
        reference: "tr_2",
        amount: 5_000,
        pieces: [{ orderId: "a", kind: "payout_reversal", amount: 5_000 }],
      },
    ]);
  });

  it("spreads a debt over older transfers, splitting an order's debt, and nets credits in the first", () => {
    const owed = [
      { orderId: "credit", owed: 700 },
      { orderId: "big", owed: -10_000 },
      { orderId: "small", owed: -300 },
    ];
    const plan = reversalPlan(owed, [
      { payoutId: "p3", reference: "tr_3", left: 2_000 },
      { payoutId: "p2", reference: "tr_2", left: 0 },
      { payoutId: "p1", reference: "tr_1", left: 50_000 },
    ]);
    expect(plan.map((r) => [r.reverses, r.amount])).toEqual([
      ["p3", 2_000],
      ["p1", 7_600],
    ]);
    for (const reversal of plan) expect(-net(reversal.pieces)).toBe(reversal.amount);
    expect(plan[0]!.pieces).toEqual([
      { orderId: "credit", kind: "payout", amount: 700 },
      { orderId: "big", kind: "payout_reversal", amount: 2_700 },
    ]);
    expect(plan[1]!.pieces).toEqual([
      { orderId: "big", kind: "payout_reversal", amount: 7_300 },
      { orderId: "small", kind: "payout_reversal", amount: 300 },
    ]);
    // Every order's debt is taken back exactly once, and nothing more.
    const all = plan.flatMap((r) => r.pieces);
    expect(net(all)).toBe(totalOwed(owed));
  });

  it("takes back only what the transfers hold; the rest stays owed", () => {
    const plan = reversalPlan(
      [{ orderId: "a", owed: -5_000 }],
      [{ payoutId: "p1", reference: "tr_1", left: 1_500 }],
    );
    expect(plan).toEqual([
      {
        reverses: "p1",
        reference: "tr_1",
        amount: 1_500,
        pieces: [{ orderId: "a", kind: "payout_reversal", amount: 1_500 }],
      },
    ]);
    expect(reversalPlan([{ orderId: "a", owed: -5_000 }], [])).toEqual([]);
  });

  it("plans nothing when nothing is owed back", () => {
    const transfers = [{ payoutId: "p1", reference: "tr_1", left: 1_500 }];
    expect(reversalPlan([{ orderId: "a", owed: 100 }], transfers)).toEqual([]);
    expect(
      reversalPlan(
        [
          { orderId: "a", owed: 100 },
          { orderId: "b", owed: -100 },
        ],
        transfers,
      ),
    ).toEqual([]);
  });
});
