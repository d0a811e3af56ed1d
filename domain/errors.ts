/** Error codes of the JSON API: `{ error: { code, message } }`. */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "EMAIL_IN_USE",
  "WEAK_PASSWORD",
  "INVALID_CREDENTIALS",
  "TOO_MANY_ATTEMPTS",
  "INVALID_TOKEN",
  "TWO_STEP_REQUIRED",
  "PAYLOAD_TOO_LARGE",
  "PAYMENT_FAILED",
  "PRICE_CHANGED",
  "STORAGE_FULL",
  "OFF_PLATFORM",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** SPEC §8's text for an answer whose body is not the shape its contract gives. */
export const INVALID_RESPONSE_MESSAGE = "Invalid response from server";
