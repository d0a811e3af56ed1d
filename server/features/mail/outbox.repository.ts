import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { outbox } from "../../db/schema";

export type NewMail = { kind: string; to: string; subject: string; text: string };
export type OutboxRow = typeof outbox.$inferSelect;

export async function enqueueMail(db: Queryable, mail: NewMail): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ kind: mail.kind, recipient: mail.to, subject: mail.subject, textBody: mail.text })
    .returning({ id: outbox.id });
  if (!row) throw new Error("outbox insert returned nothing");
  return row.id;
}

/** Due messages, locked so that two app servers never send the same one. */
export async function lockDueMail(tx: Queryable, limit: number): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.availableAt, sql`now()`)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function markSent(tx: Queryable, id: string): Promise<void> {
  await tx
    .update(outbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      attempts: sql`${outbox.attempts} + 1`,
      lastError: null,
    })
    .where(eq(outbox.id, id));
}

/** Retries with a growing delay; after the last attempt the message stays `failed`. */
export async function markFailed(
  tx: Queryable,
  row: OutboxRow,
  error: string,
  maxAttempts: number,
) {
  const attempts = row.attempts + 1;
  const delaySeconds = 30 * 2 ** row.attempts;
  await tx
    .update(outbox)
    .set({
      attempts,
      lastError: error.slice(0, 1000),
      status: attempts >= maxAttempts ? "failed" : "pending",
      availableAt: sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where(eq(outbox.id, row.id));
}

export async function listMail(db: Queryable, recipient?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(recipient ? eq(outbox.recipient, recipient) : undefined)
    .orderBy(asc(outbox.createdAt));
}
