import type { Context } from "hono";
import { containsNul, inputMessages } from "../../domain/text-input";
import { AppError } from "../errors";

/**
 * The request's JSON body, or undefined when it is not JSON (the caller decides what
 * that means). A NUL character anywhere in it is refused here, for every route.
 */
export async function readJson(c: Context): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (containsNul(body)) throw new AppError("VALIDATION_FAILED", 400, inputMessages.nulCharacter);
  return body;
}

/** The request's JSON body, which must be an object; the route's zod schema checks the rest. */
export async function jsonObject(c: Context): Promise<unknown> {
  const body = await readJson(c);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("BAD_REQUEST", 400, "The request body must be a JSON object.");
  }
  return body;
}
