import { describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import { readSuccessState } from "./purchase-success-state";

describe("readSuccessState", () => {
  it("reads the buy panel's state", () => {
    expect(
      readSuccessState({
        message: m.guestAccountCreated,
        artworkTitle: "Moon Jar I",
        artworkId: "a1",
        orderId: "o1",
      }),
    ).toEqual({ message: m.guestAccountCreated, artworkTitle: "Moon Jar I", artworkId: "a1" });
  });

  it("has nothing to add on a direct visit or for a signed-in buyer", () => {
    const none = { message: null, artworkTitle: null, artworkId: null };
    expect(readSuccessState(null)).toEqual(none);
    expect(readSuccessState(undefined)).toEqual(none);
    expect(readSuccessState({ message: null })).toEqual(none);
    expect(readSuccessState({ message: "  " })).toEqual(none);
  });

  it("ignores state of another shape", () => {
    expect(readSuccessState({ message: 42 })).toEqual({
      message: null,
      artworkTitle: null,
      artworkId: null,
    });
    expect(readSuccessState("thanks")).toEqual({
      message: null,
      artworkTitle: null,
      artworkId: null,
    });
  });
});
