import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { ZodType } from "zod";
import { searchResultSchema } from "../../../contracts/search.contract";
import { auditEvents } from "../../db/schema";
import { expectContract } from "../../test/contract";
import type { TestApp } from "../../test/test-app";
import { type ErrorBody, type Member, headersFor } from "../profiles/profiles.test-helpers";

/**
 * The requests and reads the console's People and Artworks tests share: a request as a
 * member (or signed out), the message of a refusal, the audit rows of a target and the
 * public search that moderation changes.
 */

/** A request as `member` the way a browser sends it: a JSON body as JSON, a string as it is. */
export function sendAs(
  t: TestApp,
  member: Member | undefined,
  method: string,
  url: string,
  body?: unknown,
) {
  const headers = headersFor(
    member,
    body === undefined ? {} : { "content-type": "application/json" },
  );
  return t.app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The message of an error answer, once its status is `status`. */
export async function errorOf(response: Response, status: number): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as ErrorBody).error.message;
}

/** A console list as the admin reads it: 200, and an answer that matches its contract. */
export async function adminList<T>(t: TestApp, admin: Member, url: string, schema: ZodType<T>) {
  const response = await sendAs(t, admin, "GET", url);
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(schema, await response.json());
}

/** The audit rows about one target, of one action when it is given. */
export function auditRows(t: TestApp, targetId: string, action?: string) {
  return t.db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.targetId, targetId), action ? eq(auditEvents.action, action) : undefined),
    );
}

/** The marketplace's public search, as a visitor sees it. */
export async function searchArtworks(t: TestApp, q = "") {
  const response = await t.app.request(`/api/artworks/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return expectContract(searchResultSchema, await response.json());
}
