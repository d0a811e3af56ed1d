import { describe, expect, it } from "vitest";
import { authSwitchPath } from "./auth-switch";

describe("authSwitchPath", () => {
  it("keeps next, save and follow, and nothing else", () => {
    expect(authSwitchPath("/signin", "?next=%2Fartwork%2F1%3Fopen%3Dask&x=1&save=a")).toBe(
      "/signin?next=%2Fartwork%2F1%3Fopen%3Dask&save=a",
    );
    expect(authSwitchPath("/signup", "")).toBe("/signup");
  });
});
