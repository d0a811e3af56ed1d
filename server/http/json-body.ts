import type { Context } from "hono";
import { AppError } from "../errors";

/** The request's JSON body, which must be an object; the route's zod schema checks the rest. */
export async function jsonObject(c: Context): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("BAD_REQUEST", 400, "The request body must be a JSON object.");
  }
  return body;
}
