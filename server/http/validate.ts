import { zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ZodType } from "zod";
import { inputMessages, textFault } from "../../domain/text-input";
import { AppError } from "../errors";

/**
 * The one way a route validates its input: @hono/zod-validator with the feature's shared
 * contract schema (contracts/<feature>.contract.ts), and every failure thrown to the one
 * error handler, so a bad field answers 400 VALIDATION_FAILED with the schema's own message
 * like any other error (never the validator's default body). The handler reads the result
 * with `c.req.valid("json" | "query")`, typed from the schema.
 */

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

function mediaType(c: Context): string {
  return (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
}

function isPlainObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A JSON body: sent as JSON (415 otherwise), an object, no NUL character and no lone
 * surrogate in any string or key (400, before the schema's own checks), then the schema.
 * A body that is not JSON at all gets the validator's 400 "Malformed JSON in request body"
 * through the error handler.
 */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator("json", schema, async (result, c) => {
    if (!JSON_TYPE.test(mediaType(c)))
      throw new AppError("BAD_REQUEST", 415, inputMessages.notJson);
    // The body as sent (Hono keeps it parsed), not the schema's output: a key the schema
    // drops was still sent.
    const fault = textFault(await c.req.json());
    if (fault) throw new AppError("VALIDATION_FAILED", 400, fault);
    if (!isPlainObject(result.data))
      throw new AppError("BAD_REQUEST", 400, inputMessages.notAnObject);
    if (!result.success) throw result.error;
  });
}

/**
 * For routes whose answer order is "bad text, then access, then the body" (the listing
 * writes, docs/api.md "Limits and bad input"): a NUL character or a lone surrogate
 * anywhere in a JSON body is refused before the access checks run. Hono keeps the body
 * read for jsonBody's turn.
 */
export const textCheckedJson = createMiddleware(async (c, next) => {
  const body: unknown = await c.req.json().catch(() => undefined);
  const fault = textFault(body);
  if (fault) throw new AppError("VALIDATION_FAILED", 400, fault);
  await next();
});

/** The query string (each name's first value), through the schema. */
export function queryParams<T extends ZodType>(schema: T) {
  return zValidator("query", schema, (result) => {
    if (!result.success) throw result.error;
  });
}
