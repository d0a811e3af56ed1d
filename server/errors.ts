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
