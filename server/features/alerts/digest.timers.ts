import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { createPeriodicTask } from "../../tasks/periodic-task";
import { enqueueMails } from "../mail/mail.api";
import { type AlertSearch, digestMail } from "./digest.mails";
import {
  type DigestMatch,
  type DigestTx,
  claimDuePeople,
  findAlertSearches,
  findDigestMatches,
  markChecked,
} from "./digest.repository";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * The alert digest (decision 0031): every DIGEST_INTERVAL_SECONDS in every
 * process. People are taken in batches, each batch in one transaction: claim the due
 * people (`for update skip locked`), find all their matches in one statement, queue their
 * e-mails in the outbox and move their window, then commit. A crash before the commit
 * leaves nothing queued and nothing moved (the next run does the batch again); after it,
 * the e-mails are in the outbox, which sends each once under its own lease. Two processes
 * never hold the same person, and a person one has mailed is no longer due for the other.
 */

export type DigestDeps = {
  db: Database;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  secret: string;
  kickOutbox: () => void;
  /** People per transaction (500); tests make it small to see several batches. */
  batchSize?: number;
  /** Works listed per e-mail (20); the rest are "and N more". */
  cap?: number;
  /** A test's fault: runs after the matches are found and the mails built, before the commit. */
  beforeCommit?: (batch: { people: number; mails: number }) => Promise<void> | void;
  /** How long before now a run's window ends (SETTLE_MARGIN_MS unless the config says). */
  settleMarginMs?: number;
  /** The bench's per-batch figures. */
  onBatch?: (batch: { people: number; mails: number; ms: number }) => void;
};

export type DigestReport = { checked: number; mailed: number; batches: number };

/**
 * A listing whose transaction began before a run but commits after it carries a
 * created_at from before the run. If the window ended at `now`, that work would land in a
 * window already checked, and be missed for good. Ending the window this long before now
 * leaves time for such transactions to commit (a listing commits within seconds); the
 * next run looks at the part left out.
 */
export const SETTLE_MARGIN_MS = 60_000;
const DEFAULT_BATCH = 500;
const DEFAULT_CAP = 20;

export function createDigest(deps: DigestDeps) {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  const cap = deps.cap ?? DEFAULT_CAP;
  const settleMarginMs = deps.settleMarginMs ?? SETTLE_MARGIN_MS;

  async function searchesOf(tx: DigestTx, matches: DigestMatch[]) {
    const ids = [...new Set(matches.flatMap((m) => (m.alertId ? [m.alertId] : [])))];
    const rows = await findAlertSearches(tx, ids);
    return new Map<string, AlertSearch>(rows.map((row) => [row.id, row]));
  }

  /** One batch in one transaction; answers how many people it took (0: nobody is due). */
  async function runBatch(now: Date, windowEnd: Date, after: string | null) {
    const started = performance.now();
    const result = await deps.db.transaction(async (tx) => {
      const people = await claimDuePeople(tx, { now, windowEnd, limit: batchSize, after });
      if (people.length === 0) return { people: 0, mails: 0, last: after };
      const userIds = people.map((p) => p.userId);
      // Canonical uuids sort as text the way PostgreSQL sorts them.
      const last = userIds.reduce((a, b) => (a > b ? a : b));
      const matches = await findDigestMatches(tx, { userIds, windowEnd, cap });
      const byPerson = new Map<string, DigestMatch[]>();
      for (const match of matches) {
        byPerson.set(match.userId, [...(byPerson.get(match.userId) ?? []), match]);
      }
      const searches = await searchesOf(tx, matches);
      const mails = people.flatMap((person) => {
        const works = byPerson.get(person.userId);
        if (!works?.length || person.suspended) return [];
        const token = (scope: Parameters<typeof unsubscribeToken>[2]) =>
          unsubscribeToken(deps.secret, person.userId, scope);
        return [
          {
            userId: person.userId,
            mail: digestMail(person, works, { publicUrl: deps.publicUrl, token, searches }),
          },
        ];
      });
      await enqueueMails(
        tx,
        mails.map((m) => m.mail),
      );
      await markChecked(tx, {
        userIds,
        mailedIds: mails.map((m) => m.userId),
        windowEnd,
        now,
      });
      await deps.beforeCommit?.({ people: people.length, mails: mails.length });
      return { people: people.length, mails: mails.length, last };
    });
    deps.onBatch?.({ people: result.people, mails: result.mails, ms: performance.now() - started });
    return result;
  }

  async function runOnce(): Promise<DigestReport> {
    const now = deps.now();
    const windowEnd = new Date(now.getTime() - settleMarginMs);
    const report: DigestReport = { checked: 0, mailed: 0, batches: 0 };
    // Each batch moves its people's window to windowEnd, so they are not due again in
    // this run, and the next batch starts after the last id: the loop ends when nobody is
    // left. People another process held are its to do; any it gave back (a rollback) are
    // still due, for the next run.
    let after: string | null = null;
    for (;;) {
      const batch = await runBatch(now, windowEnd, after);
      if (batch.people === 0) break;
      after = batch.last;
      report.batches += 1;
      report.checked += batch.people;
      report.mailed += batch.mails;
    }
    if (report.mailed > 0) deps.kickOutbox();
    if (report.checked > 0) deps.logger.info("alert digest", report);
    return report;
  }

  return createPeriodicTask({
    name: "alert digest",
    work: runOnce,
    defaultIntervalMs: 900_000,
    logger: deps.logger,
  });
}
