import { describe, expect, it } from "vitest";
import { checkoutMessages } from "../../../domain/checkout";
import { discoveryMessages } from "../../../domain/discovery-messages";
import { profileMessages } from "../../../domain/profile";
import { pageLoadingText } from "./page-loading-text";

describe("pageLoadingText (the SPEC's loading text of the page being opened)", () => {
  // The same texts the pages take from domain/ (their *.messages.ts), so both agree.
  it("names the artist profile, the profiles and the purchase history", () => {
    expect(pageLoadingText("/artist/a1")).toBe(discoveryMessages.artistLoading);
    expect(pageLoadingText("/profile")).toBe(profileMessages.loading);
    expect(pageLoadingText("/profile/u1")).toBe(profileMessages.loading);
    expect(pageLoadingText("/profile/purchases")).toBe(checkoutMessages.historyLoading);
  });

  it("has none for the other pages", () => {
    for (const path of ["/", "/artwork/a1", "/exhibition", "/signin", "/artist", "/profile/u1/x"])
      expect(pageLoadingText(path), path).toBeNull();
  });
});
