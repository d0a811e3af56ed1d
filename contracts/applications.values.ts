/**
 * The plain values of applications.contract.ts (which re-exports them): no zod, so the pages that need
 * only these do not download the schemas (decision 0034).
 */

export const MAX_APPLICATION_NOTE = 2_000;

/** The most pictures of their work an applicant can attach. */
export const MAX_APPLICATION_IMAGES = 6;
