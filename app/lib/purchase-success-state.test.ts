import { describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../domain/checkout";
import { readGuestAccountState, readSuccessState } from "./purchase-success-state";

const none = {
  message: null,
  artworkTitle: null,
  artworkId: null,
  guest: null,
  setPasswordPath: null,
};

describe("readSuccessState", () => {
  it("reads the buy panel's state, and the guest's new account with its e-mail", () => {
    expect(
      readSuccessState({
        message: m.guestAccountCreated,
        artworkTitle: "Moon Jar I",
        artworkId: "a1",
        orderId: "o1",
        email: "ada@example.com",
      }),
    ).toEqual({
      message: m.guestAccountCreated,
      artworkTitle: "Moon Jar I",
      artworkId: "a1",
      guest: { purchaseEmail: "ada@example.com", account: "created" },
      setPasswordPath: null,
    });
  });

  it("keeps the server's set-password link of a new account, and no other link", () => {
    const state = {
      message: m.guestAccountCreated,
      email: "ada@example.com",
      setPasswordPath: "/reset-password?token=t&next=%2Fprofile%2Fpurchases",
    };
    expect(readSuccessState(state).setPasswordPath).toBe(state.setPasswordPath);
    for (const other of ["https://evil.example/reset-password?token=t", "/signin", null]) {
      expect(readSuccessState({ ...state, setPasswordPath: other }).setPasswordPath).toBeNull();
    }
    const matched = { ...state, message: m.guestAccountMatched };
    expect(readSuccessState(matched).setPasswordPath).toBeNull();
  });

  it("knows a guest whose e-mail matched an account", () => {
    const state = { message: m.guestAccountMatched, email: "ada@example.com" };
    expect(readSuccessState(state).guest).toEqual({
      purchaseEmail: "ada@example.com",
      account: "matched",
    });
  });

  it("has nothing to add on a direct visit or for a signed-in buyer", () => {
    expect(readSuccessState(null)).toEqual(none);
    expect(readSuccessState(undefined)).toEqual(none);
    expect(readSuccessState({ message: null, email: "jo@example.com" })).toEqual(none);
    expect(readSuccessState({ message: "  " })).toEqual(none);
  });

  it("ignores state of another shape", () => {
    expect(readSuccessState({ message: 42 })).toEqual(none);
    expect(readSuccessState("thanks")).toEqual(none);
  });
});

describe("readGuestAccountState (what the sign-in page is told after a guest purchase)", () => {
  it("reads the e-mail and whether the account is new", () => {
    const state = { purchaseEmail: "ada@example.com", account: "created" };
    expect(readGuestAccountState(state)).toEqual(state);
  });

  it("is null for anything else", () => {
    expect(readGuestAccountState(null)).toBeNull();
    expect(readGuestAccountState({ purchaseEmail: "", account: "created" })).toBeNull();
    expect(readGuestAccountState({ purchaseEmail: "a@b.c", account: "other" })).toBeNull();
  });
});
