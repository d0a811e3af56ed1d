import { describe, expect, it } from "vitest";
import { offerPageLink, readOfferPageState } from "./offer-page-state";

const nothing = { accountMessage: null, message: null };

describe("readOfferPageState (what the offer panel hands to the offer's page)", () => {
  it("reads the panel's messages, either of them absent or null", () => {
    expect(
      readOfferPageState({ accountMessage: "We created an account.", message: "Sent." }),
    ).toEqual({ accountMessage: "We created an account.", message: "Sent." });
    expect(readOfferPageState({ message: "Sent." })).toEqual({
      accountMessage: null,
      message: "Sent.",
    });
    expect(readOfferPageState({ accountMessage: null })).toEqual(nothing);
    // Another page's fields are no concern of this one.
    expect(readOfferPageState({ message: "Sent.", other: 1 })).toEqual({
      accountMessage: null,
      message: "Sent.",
    });
  });

  it("is nothing for state of any other shape", () => {
    for (const state of [null, undefined, "Sent.", 42, [], ["Sent."], { message: 42 }]) {
      expect(readOfferPageState(state)).toEqual(nothing);
    }
    expect(readOfferPageState({ accountMessage: {}, message: "Sent." })).toEqual(nothing);
  });
});

describe("offerPageLink", () => {
  it("carries the access key when there is one", () => {
    expect(offerPageLink("o 1", "k/2")).toBe("/offers/o%201?key=k%2F2");
    expect(offerPageLink("o1", null)).toBe("/offers/o1");
  });
});
