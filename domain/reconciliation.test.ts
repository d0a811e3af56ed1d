import { describe, expect, it } from "vitest";
import {
  MAX_RECONCILE_DAYS,
  differenceLine,
  parseDay,
  reconciliationMessages as m,
  resolveDayRange,
} from "./reconciliation";

const now = new Date("2026-11-24T08:30:00Z");

describe("parseDay", () => {
  it("takes real YYYY-MM-DD days only", () => {
    expect(parseDay("2026-11-01")?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(parseDay("2028-02-29")).not.toBeNull();
    for (const bad of ["2026-02-30", "2027-02-29", "2026-13-01", "2026-1-01", "01/11/2026", ""]) {
      expect(parseDay(bad), bad).toBeNull();
    }
  });
});

describe("resolveDayRange", () => {
  it("defaults to the last 30 days, today included", () => {
    const resolved = resolveDayRange({}, now);
    expect(resolved).toMatchObject({ ok: true, range: { from: "2026-10-26", to: "2026-11-24" } });
    if (!resolved.ok) return;
    expect(resolved.range.start.toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(resolved.range.end.toISOString()).toBe("2026-11-25T00:00:00.000Z");
  });

  it("includes both days: one day is [midnight, next midnight)", () => {
    const resolved = resolveDayRange({ from: "2026-11-30", to: "2026-11-30" }, now);
    if (!resolved.ok) throw new Error(resolved.message);
    expect(resolved.range.start.toISOString()).toBe("2026-11-30T00:00:00.000Z");
    expect(resolved.range.end.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("counts 30 days back from a given end when only --to is given", () => {
    expect(resolveDayRange({ to: "2026-03-01" }, now)).toMatchObject({
      ok: true,
      range: { from: "2026-01-31", to: "2026-03-01" },
    });
  });

  it("refuses bad days, a start after the end and a range over the limit", () => {
    expect(resolveDayRange({ from: "2026-02-30" }, now)).toEqual({ ok: false, message: m.badDate });
    expect(resolveDayRange({ to: "tomorrow" }, now)).toEqual({ ok: false, message: m.badDate });
    expect(resolveDayRange({ from: "2026-11-02", to: "2026-11-01" }, now)).toEqual({
      ok: false,
      message: m.fromAfterTo,
    });
    expect(resolveDayRange({ from: "2025-01-01", to: "2026-01-01" }, now)).toMatchObject({
      ok: true,
    });
    expect(resolveDayRange({ from: "2025-01-01", to: "2026-01-02" }, now)).toEqual({
      ok: false,
      message: m.tooLong,
    });
    expect(MAX_RECONCILE_DAYS).toBe(366);
  });
});

describe("differenceLine", () => {
  it("names the record, the problem, both ids and both amounts", () => {
    expect(
      differenceLine({
        record: "refund",
        problem: "amount_mismatch",
        orderId: "order-1",
        ourId: "refund-1",
        providerId: "re_1",
        ourAmount: 1_001,
        providerAmount: 1_000,
        at: "2026-11-02T10:00:00.000Z",
        known: null,
      }),
    ).toBe(
      "2026-11-02T10:00:00.000Z  Refund:  Amounts differ.  provider re_1  ours refund-1  order order-1  our amount $10.01  provider amount $10",
    );
    expect(
      differenceLine({
        record: "capture",
        problem: "missing_in_ledger",
        orderId: null,
        ourId: null,
        providerId: "pi_1",
        ourAmount: null,
        providerAmount: 500,
        at: "2026-11-02T10:00:00.000Z",
        known: "sold before the ledger existed",
      }),
    ).toContain("our amount —  provider amount $5  (known: sold before the ledger existed)");
  });
});
