import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../domain/errors";

/** The one error type services throw; the error handler turns it into JSON. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * True for an AppError from any copy of this module: the React Router build and
 * the server bundle each carry one, so `instanceof` is not enough across them.
 */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof (error as AppError).code === "string" &&
    typeof (error as AppError).status === "number"
  );
}
