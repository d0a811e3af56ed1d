import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { alerts, mailPreferences } from "../../db/schema";

/** A person's alerts and mail preferences, for their export and erased when they close (0058). */
export async function alertsForExport(db: Queryable, userId: string) {
  const saved = await db
    .select({
      id: alerts.id,
      name: alerts.name,
      queryText: alerts.queryText,
      cityIds: alerts.cityIds,
      categoryIds: alerts.categoryIds,
      priceRanges: alerts.priceRanges,
      enabled: alerts.enabled,
      createdAt: alerts.createdAt,
      updatedAt: alerts.updatedAt,
    })
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(alerts.createdAt);
  const [preferences] = await db
    .select({
      digestFrequency: mailPreferences.digestFrequency,
      followEmails: mailPreferences.followEmails,
      messageEmails: mailPreferences.messageEmails,
    })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  return { alerts: saved, mailPreferences: preferences ?? null };
}

export async function forgetAlerts(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(alerts).where(eq(alerts.userId, userId));
  await tx.delete(mailPreferences).where(eq(mailPreferences.userId, userId));
}
