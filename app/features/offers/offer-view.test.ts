import { describe, expect, it } from "vitest";
import { offerMessages as m } from "../../../domain/offers";
import type { OfferView } from "../../../contracts/offers.contract";
import {
  amountBy,
  amountLabel,
  expiryText,
  historyText,
  isPlainMove,
  movedText,
  noteExcerpt,
  parseOffersTab,
  shownMoves,
} from "./offer-view";

describe("shownMoves", () => {
  it("gives the artist plain forms for exactly the moves the server allows", () => {
    expect(shownMoves({ viewerRole: "artist", moves: ["accept", "counter", "decline"] })).toEqual([
      "accept",
      "counter",
      "decline",
    ]);
    expect(shownMoves({ viewerRole: "artist", moves: ["accept", "decline"] })).toEqual([
      "accept",
      "decline",
    ]);
    expect(shownMoves({ viewerRole: "artist", moves: [] })).toEqual([]);
  });

  it("makes the buyer's accept and counter card moves; decline and withdraw stay plain", () => {
    expect(
      shownMoves({ viewerRole: "buyer", moves: ["accept", "counter", "decline", "withdraw"] }),
    ).toEqual(["cardAccept", "cardCounter", "decline", "withdraw"]);
    expect(shownMoves({ viewerRole: "buyer", moves: ["withdraw"] })).toEqual(["withdraw"]);
  });

  it("never shows the team a move", () => {
    expect(shownMoves({ viewerRole: "team", moves: ["accept"] })).toEqual([]);
  });
});

describe("the forms' intents", () => {
  it("knows the four moves without a card, and nothing else", () => {
    expect(["accept", "counter", "decline", "withdraw"].every(isPlainMove)).toBe(true);
    expect(isPlainMove("cardAccept")).toBe(false);
    expect(isPlainMove("")).toBe(false);
    expect(movedText("withdraw")).toBe(m.withdrawn);
    expect(movedText("counter")).toBe(m.countered);
  });

  it("reads the tab from the address", () => {
    expect(parseOffersTab("received")).toBe("received");
    expect(parseOffersTab("sent")).toBe("sent");
    expect(parseOffersTab("all")).toBeNull();
    expect(parseOffersTab(null)).toBeNull();
  });
});

describe("texts", () => {
  it("shows the expiry only while the offer is on the table, in the viewer's zone", () => {
    const expiresAt = "2026-11-24T15:05:00.000Z";
    expect(expiryText({ status: "open", expiresAt }, "America/Chicago")).toBe(
      "Replies are due by November 24, 2026 at 9:05 AM CST.",
    );
    expect(expiryText({ status: "accepted", expiresAt }, "UTC")).toBeNull();
  });

  it("says who did what in the history, and for how much", () => {
    const at = "2026-11-24T15:05:00.000Z";
    expect(
      historyText({ actor: "buyer", kind: "made", amountCents: 120_000, message: null, at }),
    ).toBe("The buyer offered $1,200.");
    expect(
      historyText({ actor: "artist", kind: "countered", amountCents: 150_000, message: null, at }),
    ).toBe("The artist countered with $1,500.");
    expect(
      historyText({ actor: "system", kind: "expired", amountCents: null, message: null, at }),
    ).toBe("The offer expired.");
    expect(
      historyText({ actor: "system", kind: "released_hold", amountCents: null, message: null, at }),
    ).toBe("Vernissage: released hold.");
  });

  it("tells the history from the viewer's side", () => {
    const at = "2026-11-24T15:05:00.000Z";
    const made = { actor: "buyer" as const, kind: "made", amountCents: 120_000, message: null, at };
    const countered = {
      ...made,
      actor: "artist" as const,
      kind: "countered",
      amountCents: 150_000,
    };
    expect(historyText(made, "buyer")).toBe("You offered $1,200.");
    expect(historyText(countered, "buyer")).toBe("The artist countered with $1,500.");
    expect(historyText(made, "artist")).toBe("The buyer offered $1,200.");
    expect(historyText(countered, "artist")).toBe("You countered with $1,500.");
    expect(historyText({ ...made, kind: "withdrawn", amountCents: null }, "buyer")).toBe(
      "You withdrew the offer.",
    );
    expect(historyText(countered, "team")).toBe("The artist countered with $1,500.");
  });

  it("cuts a long note to one short line", () => {
    expect(noteExcerpt("  Love it.\n\nWould you  ship to Maine? ")).toBe(
      "Love it. Would you ship to Maine?",
    );
    const long = noteExcerpt("word ".repeat(60), 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("amountLabel", () => {
  type Event = OfferView["history"][number];
  const at = "2026-11-24T15:05:00.000Z";
  const made: Event = { actor: "buyer", kind: "made", amountCents: 120_000, message: null, at };
  const countered: Event = { ...made, actor: "artist", kind: "countered", amountCents: 150_000 };
  const back: Event = { ...made, kind: "countered", amountCents: 130_000 };
  const accepted: Event = { ...made, kind: "accepted", amountCents: 150_000 };

  it("names who put the amount on the table, from the artist's side", () => {
    const open = { status: "open" as const, viewerRole: "artist" as const };
    expect(amountLabel({ ...open, history: [made] })).toBe("Their offer");
    expect(amountLabel({ ...open, history: [made, countered] })).toBe("Your counteroffer");
    expect(amountLabel({ ...open, history: [made, countered, back] })).toBe("Their offer");
  });

  it("names who put the amount on the table, from the buyer's side", () => {
    const open = { status: "open" as const, viewerRole: "buyer" as const };
    expect(amountLabel({ ...open, history: [made] })).toBe("Your offer");
    expect(amountLabel({ ...open, history: [made, countered] })).toBe("Artist's counteroffer");
    expect(amountLabel({ ...open, history: [made, countered, back] })).toBe("Your offer");
    expect(amountLabel({ ...open, viewerRole: "team", history: [made, countered] })).toBe(
      "Artist's counteroffer",
    );
  });

  it("says agreed once accepted, and last once closed otherwise", () => {
    const history = [made, countered, accepted];
    expect(amountLabel({ status: "accepted", viewerRole: "buyer", history })).toBe("Agreed amount");
    for (const status of ["declined", "expired", "withdrawn", "lapsed"] as const) {
      expect(amountLabel({ status, viewerRole: "artist", history })).toBe("Last amount");
    }
  });

  it("reads the last offer or counteroffer, not an acceptance, and the buyer when none", () => {
    expect(amountBy({ history: [made, countered, accepted] })).toBe("artist");
    expect(amountBy({ history: [] })).toBe("buyer");
  });
});
