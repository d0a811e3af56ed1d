import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { ZodType } from "zod";
import { searchResultSchema } from "../../../contracts/search.contract";
import { auditEvents } from "../../db/schema";
import { expectContract } from "../../test/contract";
import type { TestApp } from "../../test/test-app";
import { type ErrorBody, type Member, send } from "../profiles/profiles.test-helpers";

/**
 * The reads the console's People and Artworks tests share: the message of a refusal, a
 * console list, the audit rows of a target and the public search that moderation changes.
 * (Requests as a member: `send` in profiles.test-helpers.ts.)
 */

/** The message of an error answer, once its status is `status`. */
export async function errorOf(response: Response, status: number): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as ErrorBody).error.message;
}

/** A console list as the admin reads it: 200, and an answer that matches its contract. */
export async function adminList<T>(t: TestApp, admin: Member, url: string, schema: ZodType<T>) {
  const response = await send(t, admin, "GET", url);
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
