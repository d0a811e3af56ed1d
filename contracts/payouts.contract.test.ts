import { describe, expect, it } from "vitest";
import { abaChecksumOk, ageOn, parseIsoDay, payoutsGuidance } from "./payouts.contract";

describe("abaChecksumOk", () => {
  it("accepts Stripe's test routing number and real ones, refuses a changed digit", () => {
    expect(abaChecksumOk("110000000")).toBe(true);
    expect(abaChecksumOk("021000021")).toBe(true);
    expect(abaChecksumOk("110000001")).toBe(false);
    expect(abaChecksumOk("11000000")).toBe(false);
    expect(abaChecksumOk("11000000a")).toBe(false);
  });
});

describe("parseIsoDay and ageOn", () => {
  it("knows real days only", () => {
    expect(parseIsoDay("2024-02-29")).not.toBeNull();
    expect(parseIsoDay("2023-02-29")).toBeNull();
    expect(parseIsoDay("1990-13-01")).toBeNull();
    expect(parseIsoDay("1990-1-1")).toBeNull();
  });

  it("counts a birthday only once it has come", () => {
    const birth = parseIsoDay("2008-06-15")!;
    expect(ageOn(birth, new Date(Date.UTC(2026, 5, 14)))).toBe(17);
    expect(ageOn(birth, new Date(Date.UTC(2026, 5, 15)))).toBe(18);
  });
});

describe("payoutsGuidance", () => {
  it("gives each status its next step", () => {
    expect(payoutsGuidance("none").next).toBe("set_up");
    expect(payoutsGuidance("pending").next).toBe("wait");
    expect(payoutsGuidance("restricted").next).toBe("update");
    expect(payoutsGuidance("active").next).toBe("none");
  });
});
