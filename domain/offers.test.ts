import { describe, expect, it } from "vitest";
import {
  MAX_ROUNDS,
  type OfferMove,
  type OfferParty,
  type OfferState,
  type OfferStatus,
  OFFER_STATUSES,
  afterCounter,
  allowedMoves,
  checkOfferAmount,
  counterProblem,
  isExpired,
  moveRefusal,
  offerExpiry,
  offerMessages as m,
  offerStatusText,
  parseOfferAmount,
} from "./offers";

const now = new Date("2026-11-24T12:00:00Z");
const open = (over: Partial<OfferState> = {}): OfferState => ({
  status: "open",
  awaiting: "artist",
  rounds: 1,
  expiresAt: offerExpiry(now),
  ...over,
});
const moves: OfferMove[] = ["accept", "counter", "decline", "withdraw"];
const parties: OfferParty[] = ["artist", "buyer"];

describe("the offer state machine", () => {
  it("lets only the awaited party accept, counter or decline, and the buyer withdraw at any turn", () => {
    const table: Record<OfferParty, Record<OfferParty, OfferMove[]>> = {
      // awaiting → party → allowed moves
      artist: { artist: ["accept", "counter", "decline"], buyer: ["withdraw"] },
      buyer: { artist: [], buyer: ["accept", "counter", "decline", "withdraw"] },
    };
    for (const awaiting of parties) {
      for (const party of parties) {
        expect(allowedMoves(open({ awaiting }), party, now), `${awaiting}/${party}`).toEqual(
          table[awaiting][party],
        );
      }
    }
  });

  it("says why a move is refused", () => {
    expect(moveRefusal(open(), "buyer", "accept", now)).toBe(m.notYourTurn);
    expect(moveRefusal(open(), "artist", "withdraw", now)).toBe(m.notYourMove);
    expect(moveRefusal(open({ rounds: MAX_ROUNDS }), "artist", "counter", now)).toBe(
      m.noMoreRounds,
    );
  });

  it("allows no move at all once the offer left `open`", () => {
    for (const status of OFFER_STATUSES.filter((s) => s !== "open") as OfferStatus[]) {
      for (const party of parties) {
        for (const move of moves) {
          expect(moveRefusal(open({ status }), party, move, now)).toBe(m.notOpen);
        }
      }
    }
  });

  it("stops counters at 3 rounds but still lets the awaited side accept or decline", () => {
    const last = open({ rounds: 3 });
    expect(allowedMoves(last, "artist", now)).toEqual(["accept", "decline"]);
    expect(allowedMoves(open({ rounds: 2, awaiting: "buyer" }), "buyer", now)).toContain("counter");
  });

  it("expires exactly 48 hours after the last move, and nothing moves after that", () => {
    const offer = open();
    const justBefore = new Date(offer.expiresAt.getTime() - 1);
    expect(isExpired(offer, justBefore)).toBe(false);
    expect(isExpired(offer, offer.expiresAt)).toBe(true);
    expect(offer.expiresAt.getTime() - now.getTime()).toBe(48 * 3_600_000);
    for (const move of moves)
      expect(moveRefusal(offer, "artist", move, offer.expiresAt)).toBe(m.expired);
    expect(isExpired(open({ status: "accepted" }), offer.expiresAt)).toBe(false);
  });

  it("a counter hands the turn over, adds a round and restarts the 48 hours", () => {
    const later = new Date(now.getTime() + 3_600_000);
    expect(afterCounter(open(), "artist", later)).toEqual({
      status: "open",
      awaiting: "buyer",
      rounds: 2,
      expiresAt: offerExpiry(later),
    });
    expect(afterCounter(open({ awaiting: "buyer", rounds: 2 }), "buyer", later).awaiting).toBe(
      "artist",
    );
  });

  it("a counter must move towards the other side", () => {
    expect(counterProblem("artist", 80_000, 80_000)).toBe(m.counterTooLow);
    expect(counterProblem("artist", 80_000, 90_000)).toBeNull();
    expect(counterProblem("buyer", 90_000, 90_000)).toBe(m.counterTooHigh);
    expect(counterProblem("buyer", 90_000, 85_000)).toBeNull();
  });

  it("reads the status from the viewer's side", () => {
    const base = { declineReason: null };
    expect(offerStatusText({ ...base, status: "open", awaiting: "artist" }, "artist")).toBe(
      "Waiting for your reply",
    );
    expect(offerStatusText({ ...base, status: "open", awaiting: "artist" }, "buyer")).toBe(
      "Waiting for the artist's reply",
    );
    expect(
      offerStatusText(
        { status: "declined", awaiting: "artist", declineReason: "below_minimum" },
        "buyer",
      ),
    ).toBe("Declined automatically");
    expect(
      offerStatusText(
        { status: "declined", awaiting: "artist", declineReason: "artist" },
        "artist",
      ),
    ).toBe("Declined by you");
  });
});

describe("offer amounts", () => {
  it("takes whole dollars as typed", () => {
    expect(parseOfferAmount("1200")).toEqual({ ok: true, cents: 120_000 });
    expect(parseOfferAmount(" $1,200 ")).toEqual({ ok: true, cents: 120_000 });
    expect(parseOfferAmount("900000")).toEqual({ ok: true, cents: 90_000_000 });
  });

  it("refuses anything else with a clear message", () => {
    expect(parseOfferAmount("12.50")).toEqual({ ok: false, error: m.amountWhole });
    expect(parseOfferAmount("")).toEqual({ ok: false, error: m.amount });
    expect(parseOfferAmount(" $ ")).toEqual({ ok: false, error: m.amount });
    expect(parseOfferAmount("abc")).toEqual({ ok: false, error: m.amountWhole });
    expect(parseOfferAmount("-5")).toEqual({ ok: false, error: m.amountWhole });
    expect(parseOfferAmount("0")).toEqual({ ok: false, error: m.amount });
    expect(parseOfferAmount("900001")).toEqual({ ok: false, error: m.amountTooHigh });
    expect(parseOfferAmount("1\u00002")).toEqual({ ok: false, error: m.amountWhole });
    expect(parseOfferAmount("9".repeat(5000))).toEqual({ ok: false, error: m.amountWhole });
  });

  it("checks cents from the API the same way", () => {
    expect(checkOfferAmount(50_000)).toEqual({ ok: true, cents: 50_000 });
    expect(checkOfferAmount(50_050)).toEqual({ ok: false, error: m.amountWhole });
    expect(checkOfferAmount(0)).toEqual({ ok: false, error: m.amount });
    expect(checkOfferAmount(-100)).toEqual({ ok: false, error: m.amount });
    expect(checkOfferAmount(Number.MAX_SAFE_INTEGER + 1)).toEqual({ ok: false, error: m.amount });
    expect(checkOfferAmount(90_000_100)).toEqual({ ok: false, error: m.amountTooHigh });
  });
});
