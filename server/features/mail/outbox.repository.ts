import { and, asc, eq, getTableColumns, inArray, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { outbox } from "../../db/schema";
import type { MailContent } from "../../mail/mail-content";
import { renderMail } from "../../mail/render-mail";

/**
 * A message to queue: its content, rendered here into an HTML part and a plain-text part
 * from the one template (server/mail), or a plain text alone.
 */
export type NewMail = {
  kind: string;
  to: string;
  subject: string;
  /** Extra headers the transport adds as they are (List-Unsubscribe on a digest). */
  headers?: Record<string, string>;
} & ({ content: MailContent; text?: never } | { text: string; content?: never });
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Where the HTML part was kept before it had its own column: in `headers`, under a key
 * no header can have. Migration 0032 moved the rows queued then; a process of the
 * version before still running beside a new one (PostgreSQL) may queue more.
 */
const LEGACY_HTML_BODY_KEY = "html body";

/** What the transport sends of a row: its headers and its HTML part. */
export function mailParts(row: Pick<OutboxRow, "headers" | "htmlBody">): {
  headers: Record<string, string> | undefined;
  html: string | undefined;
} {
  const { [LEGACY_HTML_BODY_KEY]: legacyHtml, ...headers } = row.headers ?? {};
  return {
    headers: Object.keys(headers).length > 0 ? headers : undefined,
    html: row.htmlBody ?? legacyHtml,
  };
}

async function outboxValues(mail: NewMail) {
  const rendered = mail.content ? await renderMail(mail.content, mail.subject) : undefined;
  return {
    kind: mail.kind,
    recipient: mail.to,
    subject: mail.subject,
    textBody: rendered?.text ?? mail.text ?? "",
    htmlBody: rendered?.html ?? null,
    headers: mail.headers ?? null,
  };
}

export async function enqueueMail(db: Queryable, mail: NewMail): Promise<string> {
  const values = await outboxValues(mail);
  const [row] = await db.insert(outbox).values(values).returning({ id: outbox.id });
  if (!row) throw new Error("outbox insert returned nothing");
  return row.id;
}

/** Many messages in one statement (a digest batch), in the caller's transaction. */
export async function enqueueMails(db: Queryable, mails: readonly NewMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(outbox).values(await Promise.all(mails.map(outboxValues)));
}

/** A message claimed by one worker: `lease` is when the claim runs out, as the database wrote it. */
export type ClaimedMail = OutboxRow & { lease: string };

/**
 * Claims the oldest due message for `leaseSeconds` in one short statement: its
 * `available_at` moves to the end of the lease, so no other worker takes it while it
 * is being sent, and it is due again if its worker dies. No transaction stays open
 * while the mail server is talked to.
 */
export async function claimDueMail(
  db: Queryable,
  leaseSeconds: number,
): Promise<ClaimedMail | undefined> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.availableAt, sql`now()`)))
    .orderBy(asc(outbox.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(outbox)
    .set({ availableAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(outbox.id, due))
    .returning({ ...getTableColumns(outbox), lease: sql<string>`${outbox.availableAt}::text` });
  return row;
}

/** Sent is sent: recorded even if the lease ran out meanwhile (delivery is at least once). */
export async function markSent(db: Queryable, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      attempts: sql`${outbox.attempts} + 1`,
      lastError: null,
    })
    .where(eq(outbox.id, id));
}

/**
 * Retries with a growing delay; after the last attempt the message stays `failed`.
 * Only while the claim is still ours: once the lease ran out another worker may have
 * sent the message, and a late failure must not undo that.
 */
export async function markFailed(
  db: Queryable,
  row: ClaimedMail,
  error: string,
  maxAttempts: number,
) {
  const attempts = row.attempts + 1;
  const delaySeconds = 30 * 2 ** row.attempts;
  await db
    .update(outbox)
    .set({
      attempts,
      lastError: error.slice(0, 1000),
      status: attempts >= maxAttempts ? "failed" : "pending",
      availableAt: sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where(
      and(
        eq(outbox.id, row.id),
        eq(outbox.status, "pending"),
        eq(outbox.availableAt, sql`${row.lease}::timestamptz`),
      ),
    );
}

export async function listMail(db: Queryable, recipient?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(recipient ? eq(outbox.recipient, recipient) : undefined)
    .orderBy(asc(outbox.createdAt));
}

/**
 * Removes every message to this address, sent or not (a closed account, decision 0058):
 * the outbox keeps what was written to a person, which is theirs to have erased.
 */
export async function forgetRecipient(tx: Queryable, address: string): Promise<void> {
  await tx.delete(outbox).where(eq(sql`lower(${outbox.recipient})`, address.toLowerCase()));
}
