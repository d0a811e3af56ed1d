/**
 * The plain values of purchases.contract.ts (which re-exports them): no zod, so the pages that need
 * only these do not download the schemas (decision 0034).
 */

/** The longest note a buyer may add to a problem report. */
export const MAX_PROBLEM_NOTE = 2_000;
