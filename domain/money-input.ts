import { orderMessages } from "./orders";

/**
 * Amounts as people type them in the console's forms, and back: dollars with cents
 * ("12.50", "$1,250") to integer cents, and a commission percent with two decimals
 * ("20.00") to basis points. Integer arithmetic on the digits, never floating point, so
 * "0.29" is 29 cents and not 28.999….
 */

export const moneyInputMessages = {
  dollars: "Please enter an amount in dollars and cents, e.g. 12.50.",
  positive: orderMessages.refundPositive,
  percent: orderMessages.commissionInvalid,
} as const;

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

/** At most a billion dollars: far above any sale, and far below unsafe integers. */
const DOLLARS = /^\$?\s*(\d{1,10}|\d{1,3}(?:,\d{3}){1,3})(?:\.(\d{1,2}))?$/;

/** "12.5", "12.50", "$1,234.56", "7" → cents. Refuses a third decimal, signs and words. */
export function parseDollars(text: string): Parsed {
  const typed = text.trim();
  if (/^-/.test(typed) || /^\$\s*-/.test(typed)) {
    return { ok: false, error: moneyInputMessages.positive };
  }
  const match = DOLLARS.exec(typed);
  if (!match) return { ok: false, error: moneyInputMessages.dollars };
  const whole = Number((match[1] ?? "0").replaceAll(",", ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return { ok: true, value: whole * 100 + fraction };
}

/** Cents as the amount field shows them: 1250 → "12.50", 7 → "0.07". */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents with the dollar sign and thousands, always with cents: 123456 → "$1,234.56". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? "−" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/;

/** "20", "20.00", "12.5%" → basis points (2000, 2000, 1250); 0 to 100 only. */
export function parsePercent(text: string): Parsed {
  const match = PERCENT.exec(text.trim());
  if (!match) return { ok: false, error: moneyInputMessages.percent };
  const bps = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (bps > 10_000) return { ok: false, error: moneyInputMessages.percent };
  return { ok: true, value: bps };
}

/** Basis points as a percent with two decimals: 2000 → "20.00", 1234 → "12.34". */
export function bpsToPercent(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, "0")}`;
}
