/**
 * US state sales tax for the checkout quote (SPEC §9: the tax split is computed on
 * the server). State base rates only, no local add-ons; source and date in
 * docs/decisions/0014-sales-tax-and-money.md.
 *
 * Rates are in millionths (parts per million) rather than basis points because
 * some states' rates have three decimals (Minnesota 6.875% = 68,750 ppm), and
 * integers keep the arithmetic exact.
 */

type StateRate = { code: string; name: string; ppm: number };

const STATE_RATES: readonly StateRate[] = [
  { code: "AL", name: "Alabama", ppm: 40_000 },
  { code: "AK", name: "Alaska", ppm: 0 },
  { code: "AZ", name: "Arizona", ppm: 56_000 },
  { code: "AR", name: "Arkansas", ppm: 65_000 },
  { code: "CA", name: "California", ppm: 72_500 },
  { code: "CO", name: "Colorado", ppm: 29_000 },
  { code: "CT", name: "Connecticut", ppm: 63_500 },
  { code: "DE", name: "Delaware", ppm: 0 },
  { code: "DC", name: "District of Columbia", ppm: 60_000 },
  { code: "FL", name: "Florida", ppm: 60_000 },
  { code: "GA", name: "Georgia", ppm: 40_000 },
  { code: "HI", name: "Hawaii", ppm: 40_000 },
  { code: "ID", name: "Idaho", ppm: 60_000 },
  { code: "IL", name: "Illinois", ppm: 62_500 },
  { code: "IN", name: "Indiana", ppm: 70_000 },
  { code: "IA", name: "Iowa", ppm: 60_000 },
  { code: "KS", name: "Kansas", ppm: 65_000 },
  { code: "KY", name: "Kentucky", ppm: 60_000 },
  { code: "LA", name: "Louisiana", ppm: 50_000 },
  { code: "ME", name: "Maine", ppm: 55_000 },
  { code: "MD", name: "Maryland", ppm: 60_000 },
  { code: "MA", name: "Massachusetts", ppm: 62_500 },
  { code: "MI", name: "Michigan", ppm: 60_000 },
  { code: "MN", name: "Minnesota", ppm: 68_750 },
  { code: "MS", name: "Mississippi", ppm: 70_000 },
  { code: "MO", name: "Missouri", ppm: 42_250 },
  { code: "MT", name: "Montana", ppm: 0 },
  { code: "NE", name: "Nebraska", ppm: 55_000 },
  { code: "NV", name: "Nevada", ppm: 68_500 },
  { code: "NH", name: "New Hampshire", ppm: 0 },
  { code: "NJ", name: "New Jersey", ppm: 66_250 },
  { code: "NM", name: "New Mexico", ppm: 48_750 },
  { code: "NY", name: "New York", ppm: 40_000 },
  { code: "NC", name: "North Carolina", ppm: 47_500 },
  { code: "ND", name: "North Dakota", ppm: 50_000 },
  { code: "OH", name: "Ohio", ppm: 57_500 },
  { code: "OK", name: "Oklahoma", ppm: 45_000 },
  { code: "OR", name: "Oregon", ppm: 0 },
  { code: "PA", name: "Pennsylvania", ppm: 60_000 },
  { code: "RI", name: "Rhode Island", ppm: 70_000 },
  { code: "SC", name: "South Carolina", ppm: 60_000 },
  { code: "SD", name: "South Dakota", ppm: 42_000 },
  { code: "TN", name: "Tennessee", ppm: 70_000 },
  { code: "TX", name: "Texas", ppm: 62_500 },
  { code: "UT", name: "Utah", ppm: 61_000 },
  { code: "VT", name: "Vermont", ppm: 60_000 },
  { code: "VA", name: "Virginia", ppm: 53_000 },
  { code: "WA", name: "Washington", ppm: 65_000 },
  { code: "WV", name: "West Virginia", ppm: 60_000 },
  { code: "WI", name: "Wisconsin", ppm: 50_000 },
  { code: "WY", name: "Wyoming", ppm: 40_000 },
];

const PPM = 1_000_000;

const byKey = new Map<string, StateRate>();
for (const rate of STATE_RATES) {
  byKey.set(rate.code.toLowerCase(), rate);
  byKey.set(rate.name.toLowerCase(), rate);
}

/** "ny", " New York ", "NEW  YORK" → the state's entry; undefined for anything else. */
export function findState(state: string): StateRate | undefined {
  const key = state.trim().replace(/\s+/g, " ").replace(/\.$/, "").toLowerCase();
  return byKey.get(key);
}

export function stateCount(): number {
  return STATE_RATES.length;
}

/** Tax on `priceCents` at `ppm`, rounded half up to a whole cent, in integers only. */
export function taxCents(priceCents: number, ppm: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) {
    throw new RangeError("price must be a whole number of cents");
  }
  const product = priceCents * ppm;
  if (!Number.isSafeInteger(product)) throw new RangeError("price is too large to tax exactly");
  // Remainder first, so the division is exact and no float rounding can creep in.
  const shifted = product + PPM / 2;
  return (shifted - (shifted % PPM)) / PPM;
}

export type TaxSplit = { preTaxAmount: number; taxAmount: number; totalAmount: number };

/** The quote for a price shipped to `state`; null when the state is not a US state or DC. */
export function salesTax(priceCents: number, state: string): TaxSplit | null {
  const rate = findState(state);
  if (!rate) return null;
  const taxAmount = taxCents(priceCents, rate.ppm);
  return { preTaxAmount: priceCents, taxAmount, totalAmount: priceCents + taxAmount };
}
