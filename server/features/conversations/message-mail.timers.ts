import type { StorageAdapter } from "../../adapters/storage/storage";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { type PeriodicTask, createPeriodicTask } from "../../tasks/periodic-task";
import { type NewMail, enqueueMails } from "../mail/mail.api";
import { newMessagesMail } from "./message-mail.mails";
import {
  claimDueMembers,
  deleteUnsentImages,
  findMailFacts,
  newMessagesFor,
} from "./message-mail.repository";

/**
 * Every minute in every process: e-mails people about messages they have not read, and
 * deletes pictures uploaded for a message that was never sent.
 *
 * The e-mail: once a person has had unread messages in a conversation for
 * UNREAD_GRACE_MS, one e-mail with the other person's new messages, then none about that
 * conversation for MAIL_GAP_MS, and only about messages newer than the last e-mail.
 * Members are claimed in batches, each batch in one transaction with its e-mails' rows
 * in the outbox: a crash before the commit leaves nothing claimed and nothing queued
 * (the next run does them), and after it the outbox sends each once. Two processes
 * never claim the same member (`skip locked`, then the re-checked conditions).
 */

export const UNREAD_GRACE_MS = 10 * 60_000;
export const MAIL_GAP_MS = 60 * 60_000;
/** An unsent picture is kept this long: a message may be written slowly. */
export const UNSENT_IMAGE_GRACE_MS = 24 * 60 * 60_000;
const BATCH = 100;
const QUOTED_MESSAGES = 10;

export type MessageMailDeps = {
  db: Database;
  storage: StorageAdapter;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  kickOutbox: () => void;
  /** Members per transaction; tests make it small to see several batches. */
  batchSize?: number;
  /** A test's fault: runs after a batch's e-mails are queued, before the commit. */
  beforeCommit?: (batch: { mails: number }) => Promise<void> | void;
};

export type MessageMailReport = { mailed: number; imagesDeleted: number };

async function mailBatch(deps: MessageMailDeps, now: Date, limit: number) {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimDueMembers(tx, {
      now,
      unreadBefore: new Date(now.getTime() - UNREAD_GRACE_MS),
      mailedBefore: new Date(now.getTime() - MAIL_GAP_MS),
      limit,
    });
    const mails: NewMail[] = [];
    for (const member of claimed) {
      const facts = await findMailFacts(tx, member.user_id, member.conversation_id);
      const news = await newMessagesFor(tx, {
        userId: member.user_id,
        conversationId: member.conversation_id,
        since: member.unread_since,
        after: member.previous_mailed_at,
        limit: QUOTED_MESSAGES,
      });
      if (!facts || news.total === 0) continue;
      mails.push(
        newMessagesMail(facts, news, {
          publicUrl: deps.publicUrl,
          conversationId: member.conversation_id,
        }),
      );
    }
    await enqueueMails(tx, mails);
    await deps.beforeCommit?.({ mails: mails.length });
    return { claimed: claimed.length, mails: mails.length };
  });
}

export async function sendMessageMails(deps: MessageMailDeps): Promise<number> {
  const now = deps.now();
  const limit = deps.batchSize ?? BATCH;
  let mailed = 0;
  for (;;) {
    const batch = await mailBatch(deps, now, limit);
    mailed += batch.mails;
    // A short batch means nobody else was due (or free) when it ran.
    if (batch.claimed < limit) break;
  }
  if (mailed > 0) deps.kickOutbox();
  return mailed;
}

/**
 * Rows first, then files: a message can no longer take a picture whose files are going,
 * and a crash in between leaves files without a row (harmless), never a row without files.
 */
export async function deleteUnsentPictures(deps: MessageMailDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - UNSENT_IMAGE_GRACE_MS);
  let deleted = 0;
  for (;;) {
    const rows = await deleteUnsentImages(deps.db, { before, limit: BATCH });
    await deleteFilesQuietly(
      deps,
      rows.flatMap((row) => row.keys),
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return deleted;
}

export function createMessageMail(deps: MessageMailDeps): PeriodicTask<MessageMailReport> {
  return createPeriodicTask({
    name: "message e-mails",
    async work() {
      const report = {
        mailed: await sendMessageMails(deps),
        imagesDeleted: await deleteUnsentPictures(deps),
      };
      if (report.mailed > 0 || report.imagesDeleted > 0) {
        deps.logger.info("message e-mails", report);
      }
      return report;
    },
    defaultIntervalMs: 60_000,
    logger: deps.logger,
  });
}
