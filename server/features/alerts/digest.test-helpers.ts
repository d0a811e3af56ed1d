import { asc, eq } from "drizzle-orm";
import { alerts, mailPreferences, outbox } from "../../db/schema";
import type { TestApp } from "../../test/test-app";
import { type Member, send } from "../profiles/profiles.test-helpers";

/** Test pieces for the digest: alerts made through the API on the test clock. */

export type Clock = { now: () => Date };

/**
 * Creates an alert through the API and puts it, and the person's digest window, at the
 * clock's now: the digest's timeline is the clock's, not the database's.
 */
export async function alertAt(
  t: TestApp,
  clock: Clock,
  member: Member,
  input: {
    name: string;
    q?: string;
    cities?: string[];
    categories?: string[];
    priceRanges?: number[];
  },
): Promise<string> {
  const response = await send(t, member, "POST", "/api/me/alerts", {
    q: "",
    cities: [],
    categories: [],
    priceRanges: [],
    ...input,
  });
  if (response.status !== 201) throw new Error(`alert not created: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  await t.db.update(alerts).set({ createdAt: clock.now() }).where(eq(alerts.id, id));
  await windowFrom(t, member.id, clock.now());
  return id;
}

/** Moves the person's digest window start (as if the last run checked up to `at`). */
export async function windowFrom(t: TestApp, userId: string, at: Date) {
  await t.db
    .update(mailPreferences)
    .set({ checkedThrough: at })
    .where(eq(mailPreferences.userId, userId));
}

export async function digestsTo(t: TestApp, email: string) {
  const rows = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(asc(outbox.createdAt));
  return rows.filter((row) => row.kind === "digest");
}

export function minutesAfter(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * 60_000);
}

/** The token of a link in the e-mail text (`…/unsubscribe?token=…` after `label: `). */
export function linkToken(text: string, label: string): string {
  const line = text.split("\n").find((l) => l.startsWith(`${label}: `));
  const token = line ? new URL(line.slice(label.length + 2)).searchParams.get("token") : null;
  if (!token) throw new Error(`no "${label}" link in:\n${text}`);
  return token;
}
