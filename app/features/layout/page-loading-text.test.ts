import { describe, expect, it } from "vitest";
import { artistMessages } from "../artist/artist.messages";
import { profilePageMessages } from "../profile/profile.messages";
import { purchasesMessages } from "../purchases/purchases.messages";
import { pageLoadingText } from "./page-loading-text";

describe("pageLoadingText (the SPEC's loading text of the page being opened)", () => {
  it("names the artist profile, the profiles and the purchase history", () => {
    expect(pageLoadingText("/artist/a1")).toBe(artistMessages.loading);
    expect(pageLoadingText("/profile")).toBe(profilePageMessages.loading);
    expect(pageLoadingText("/profile/u1")).toBe(profilePageMessages.loading);
    expect(pageLoadingText("/profile/purchases")).toBe(purchasesMessages.historyLoading);
  });

  it("has none for the other pages", () => {
    for (const path of ["/", "/artwork/a1", "/exhibition", "/signin", "/artist", "/profile/u1/x"])
      expect(pageLoadingText(path), path).toBeNull();
  });
});
