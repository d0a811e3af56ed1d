import { describe, expect, it } from "vitest";
import {
  bpsToPercent,
  centsText,
  centsToDollars,
  moneyInputMessages as m,
  parseDollars,
  parsePercent,
} from "./money-input";

describe("parseDollars (the refund form's amount)", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["0.01", 1],
    ["0.29", 29],
    ["1.10", 110],
    ["$7", 700],
    ["$ 7.05", 705],
    ["1,234.56", 123456],
    ["  20.00  ", 2000],
    ["0", 0],
    ["0.00", 0],
    ["9999999999.99", 999999999999],
  ])("reads %j as %i cents", (typed, cents) => {
    expect(parseDollars(typed)).toEqual({ ok: true, value: cents });
  });

  it.each([
    "12.345",
    "1.999",
    "",
    " ",
    "abc",
    "12,5",
    "1,23",
    "12.",
    ".5",
    "1e3",
    "12 50",
    "10000000000",
    "0x10",
    "12.50 USD",
  ])("refuses %j with the dollars-and-cents message", (typed) => {
    expect(parseDollars(typed)).toEqual({ ok: false, error: m.dollars });
  });

  it.each(["-5", "-0.01", "$-3"])(
    "refuses the negative %j with the at-least-a-cent message",
    (typed) => {
      expect(parseDollars(typed)).toEqual({ ok: false, error: m.positive });
    },
  );

  it("reads back what centsToDollars writes, for every cent of a few dollars", () => {
    for (let cents = 0; cents <= 1_000; cents++) {
      expect(parseDollars(centsToDollars(cents))).toEqual({ ok: true, value: cents });
    }
  });
});

describe("centsToDollars and centsText", () => {
  it("always shows two decimals", () => {
    expect(centsToDollars(1250)).toBe("12.50");
    expect(centsToDollars(7)).toBe("0.07");
    expect(centsToDollars(0)).toBe("0.00");
    expect(centsToDollars(123456)).toBe("1234.56");
    expect(centsText(123456)).toBe("$1,234.56");
    expect(centsText(100)).toBe("$1.00");
    expect(centsText(-250)).toBe("−$2.50");
  });
});

describe("parsePercent and bpsToPercent (the commission setting)", () => {
  it.each([
    ["20.00", 2000],
    ["20", 2000],
    ["12.5", 1250],
    ["12.34%", 1234],
    ["0", 0],
    ["0.01", 1],
    ["100", 10_000],
    ["100.00", 10_000],
  ])("reads %j as %i basis points", (typed, bps) => {
    expect(parsePercent(typed)).toEqual({ ok: true, value: bps });
  });

  it.each(["100.01", "101", "-1", "12.345", "", "twenty", "1e2", "0.001"])(
    "refuses %j",
    (typed) => {
      expect(parsePercent(typed)).toEqual({ ok: false, error: m.percent });
    },
  );

  it("shows basis points with two decimals and reads them back", () => {
    expect(bpsToPercent(2000)).toBe("20.00");
    expect(bpsToPercent(1234)).toBe("12.34");
    expect(bpsToPercent(5)).toBe("0.05");
    for (let bps = 0; bps <= 10_000; bps += 7) {
      expect(parsePercent(bpsToPercent(bps))).toEqual({ ok: true, value: bps });
    }
  });
});
