import { describe, expect, it } from "vitest";
import { isPayoutDue, payoutTimeOn } from "./payout-run.schedule";

const at = (iso: string) => new Date(iso);

describe("whether the day's payout run is due", () => {
  it("is due from 14:00 UTC to the end of the day when no run happened since 14:00", () => {
    expect(isPayoutDue(at("2026-07-01T13:59:59.999Z"), null)).toBe(false);
    expect(isPayoutDue(at("2026-07-01T14:00:00Z"), null)).toBe(true);
    expect(isPayoutDue(at("2026-07-01T14:15:00Z"), null)).toBe(true);
    expect(isPayoutDue(at("2026-07-01T23:59:59.999Z"), null)).toBe(true);
    // Midnight starts a new day, not yet due.
    expect(isPayoutDue(at("2026-07-02T00:00:00Z"), null)).toBe(false);
  });

  it("is not due again on the day once a run happened at or after 14:00", () => {
    const ran = at("2026-07-01T14:00:00Z");
    expect(isPayoutDue(at("2026-07-01T14:00:00Z"), ran)).toBe(false);
    expect(isPayoutDue(at("2026-07-01T18:00:00Z"), ran)).toBe(false);
    expect(isPayoutDue(at("2026-07-01T23:59:59Z"), ran)).toBe(false);
    // The next day's hour is a new day.
    expect(isPayoutDue(at("2026-07-02T13:59:59Z"), ran)).toBe(false);
    expect(isPayoutDue(at("2026-07-02T14:00:00Z"), ran)).toBe(true);
  });

  it("is due on a restart at 14:05, after a run earlier that day (the console's) or yesterday", () => {
    const restart = at("2026-07-01T14:05:00Z");
    expect(isPayoutDue(restart, null)).toBe(true);
    expect(isPayoutDue(restart, at("2026-07-01T13:59:59Z"))).toBe(true);
    expect(isPayoutDue(restart, at("2026-06-30T14:00:30Z"))).toBe(true);
    expect(isPayoutDue(restart, at("2026-07-01T14:00:30Z"))).toBe(false);
  });

  it("is due on a restart at 23:59 of a day without a run", () => {
    expect(isPayoutDue(at("2026-07-01T23:59:00Z"), at("2026-06-30T14:02:00Z"))).toBe(true);
  });

  it("does not catch a day without a run up the next morning: it waits for that day's 14:00", () => {
    const lastRun = at("2026-06-30T14:01:00Z"); // nothing on July 1st
    expect(isPayoutDue(at("2026-07-02T08:00:00Z"), lastRun)).toBe(false);
    expect(isPayoutDue(at("2026-07-02T14:00:00Z"), lastRun)).toBe(true);
  });

  it("takes the hour on the UTC day, across months and years", () => {
    expect(payoutTimeOn(at("2026-12-31T23:59:59Z")).toISOString()).toBe("2026-12-31T14:00:00.000Z");
    expect(payoutTimeOn(at("2027-01-01T00:00:00Z")).toISOString()).toBe("2027-01-01T14:00:00.000Z");
  });
});
