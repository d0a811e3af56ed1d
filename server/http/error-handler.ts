import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { ApiErrorBody } from "../../contracts/common.contract";
import { isAppError } from "../errors";
import type { Logger } from "../logger";

/** One place that turns any thrown error into `{ error: { code, message } }`. */
export function createErrorHandler(logger: Logger) {
  return function handleError(error: Error, c: Context): Response {
    if (isAppError(error)) {
      return c.json<ApiErrorBody>(
        { error: { code: error.code, message: error.message } },
        error.status,
      );
    }
    if (error instanceof ZodError) {
      const message = error.issues[0]?.message ?? "The request is not valid.";
      return c.json<ApiErrorBody>({ error: { code: "VALIDATION_FAILED", message } }, 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
      return c.json<ApiErrorBody>(
        { error: { code, message: error.message || "Bad request." } },
        error.status,
      );
    }
    logger.error("unhandled error", { method: c.req.method, path: c.req.path, error });
    return c.json<ApiErrorBody>(
      {
        error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." },
      },
      500,
    );
  };
}
