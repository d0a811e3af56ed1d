import type { Context } from "hono";

/**
 * Puts a new response in place of the context's one as it is. Hono's `c.res = …` copies
 * every header of the old response onto the new one (a Content-Length that no longer
 * fits, a header that was removed on purpose); clearing it first keeps the new one whole.
 */
export function replaceResponse(c: Context, response: Response) {
  c.res = undefined;
  c.res = response;
}
