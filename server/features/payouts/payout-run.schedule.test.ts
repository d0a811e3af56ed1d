import { describe, expect, it } from "vitest";
import { isPayoutTime } from "./payout-run.schedule";

describe("the daily payout time", () => {
  it("is the first quarter of 14:00 UTC, and no other time of the day", () => {
    expect(isPayoutTime(new Date("2026-07-01T14:00:00Z"))).toBe(true);
    expect(isPayoutTime(new Date("2026-07-01T14:14:59Z"))).toBe(true);
    expect(isPayoutTime(new Date("2026-07-01T14:15:00Z"))).toBe(false);
    expect(isPayoutTime(new Date("2026-07-01T13:59:59Z"))).toBe(false);
    expect(isPayoutTime(new Date("2026-07-01T02:05:00Z"))).toBe(false);
  });
});
