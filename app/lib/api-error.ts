import type { ErrorCode } from "../../domain/errors";

/** What went wrong in the browser itself: no answer at all, or an answer of the wrong shape. */
type ClientErrorCode = "NETWORK" | "INVALID_RESPONSE";

/**
 * An error answer of our JSON API, typed. A module of its own, so code that only tells
 * errors apart does not bring the request code (app/lib/api-client.ts) with it.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
  ) {
    super(message);
  }
}
