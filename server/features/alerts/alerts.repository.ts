import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type DigestFrequency, alerts, mailPreferences, users } from "../../db/schema";

/** Alerts and mail preferences: the only code of the feature's CRUD that knows Drizzle. */

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = {
  userId: string;
  name: string;
  queryText: string;
  tsquery: string | null;
  cityIds: string[];
  categoryIds: string[];
  priceRanges: number[];
};

export async function listAlertsOf(db: Queryable, userId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
}

export async function findAlert(db: Queryable, alertId: string): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, alertId));
  return row;
}

/**
 * Serialises one person's alert writes (the cap of 50 and the duplicate check): a row lock
 * on their mail_preferences row, made first when missing. Two creates at once then run one
 * after the other, so neither sees a count or a list the other is about to change.
 */
export async function lockPreferencesOf(db: Queryable, userId: string): Promise<void> {
  await ensurePreferences(db, userId);
  await db
    .select({ userId: mailPreferences.userId })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId))
    .for("update");
}

export async function insertAlert(db: Queryable, alert: NewAlert): Promise<AlertRow> {
  const [row] = await db.insert(alerts).values(alert).returning();
  if (!row) throw new Error("alert insert returned nothing");
  return row;
}

export async function updateOwnAlert(
  db: Queryable,
  userId: string,
  alertId: string,
  patch: { enabled?: boolean; name?: string },
): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(alerts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning();
  return row;
}

export async function deleteOwnAlert(db: Queryable, userId: string, alertId: string) {
  await db.delete(alerts).where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)));
}

/**
 * Every person with an alert or a follow has a preferences row (the digest reads only
 * those): made with the defaults, daily and follow e-mails on, checked from now on.
 */
export async function ensurePreferences(db: Queryable, userId: string): Promise<void> {
  await db.insert(mailPreferences).values({ userId }).onConflictDoNothing();
}

export async function findPreferences(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      digestFrequency: mailPreferences.digestFrequency,
      followEmails: mailPreferences.followEmails,
      messageEmails: mailPreferences.messageEmails,
    })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  return row;
}

/**
 * Sets the person's preferences, making their row when missing. A person who no longer
 * exists (an unsubscribe link outliving its account) changes nothing rather than failing.
 */
export async function upsertPreferences(
  db: Queryable,
  userId: string,
  prefs: { digestFrequency?: DigestFrequency; followEmails?: boolean; messageEmails?: boolean },
  now: Date,
): Promise<void> {
  // Turned back on after `off`: the digest starts from now, not with everything listed
  // while it was off (an off person's window is never moved).
  const resumed = prefs.digestFrequency && prefs.digestFrequency !== "off";
  const updated = await db
    .update(mailPreferences)
    .set({
      ...prefs,
      ...(resumed && {
        checkedThrough: sql`case when ${mailPreferences.digestFrequency} = 'off' then ${now.toISOString()}::timestamptz else ${mailPreferences.checkedThrough} end`,
      }),
      updatedAt: sql`now()`,
    })
    .where(eq(mailPreferences.userId, userId))
    .returning({ userId: mailPreferences.userId });
  if (updated.length) return;
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!person) return;
  await db
    .insert(mailPreferences)
    .values({ userId, ...prefs, checkedThrough: now })
    .onConflictDoUpdate({
      target: mailPreferences.userId,
      set: { ...prefs, updatedAt: sql`now()` },
    });
}
