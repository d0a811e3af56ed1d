import { describe, expect, it } from "vitest";
import { listingMessages } from "../../../domain/listing";
import { ApiError } from "../../lib/api-client";
import { toggleFailure } from "./toggle-failure";

describe("toggleFailure (the For Sale switch's message when the server refuses)", () => {
  it("asks for a price when a work without one is put back on sale", () => {
    const refused = new ApiError(400, "VALIDATION_FAILED", listingMessages.price);
    expect(toggleFailure(refused)).toBe(listingMessages.price);
  });

  it("says a checkout holds the work in the server's words", () => {
    const held = new ApiError(409, "CONFLICT", "Someone is buying this artwork right now.");
    expect(toggleFailure(held)).toBe("Someone is buying this artwork right now.");
  });

  it("is the SPEC's toggle failure for anything else", () => {
    expect(toggleFailure(new ApiError(0, "NETWORK", "The server could not be reached."))).toBe(
      listingMessages.toggleFailed,
    );
    expect(toggleFailure(new ApiError(500, "INTERNAL", "Internal error"))).toBe(
      listingMessages.toggleFailed,
    );
    expect(toggleFailure(new Error("boom"))).toBe(listingMessages.toggleFailed);
  });
});
