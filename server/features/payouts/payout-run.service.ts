import {
  type AdminPayout,
  type OwnPayouts,
  type Payout,
  type PayoutRunAnswer,
  type PayoutRunReport,
  type PayoutsOverview,
  payoutRunMessage,
} from "../../../contracts/payout-runs.contract";
import { payoutsMessages } from "../../../contracts/payouts.contract";
import { type PayoutProvider, TransferRefusedError } from "../../adapters/payouts/payout-provider";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { enqueueMail } from "../mail/mail.api";
import {
  artistsWithUnpaid,
  insertPayoutEntries,
  payoutPiecesOf,
  unpaidByArtist,
  unpaidSettledOrders,
} from "../orders/orders.api";
import { paidMail, takenBackMail } from "./payout-run.mails";
import {
  type ArtistPayoutRow,
  artistsByIds,
  findArtistContact,
  findPayout,
  insertPayout,
  listRecentPayouts,
  listStalePendingPayouts,
  lockArtist,
  reversibleTransfers,
  settlePayoutRow,
} from "./payout-run.repository";
import { payoutPieces, reversalPlan, totalOwed } from "./payout-split";

/**
 * Paying artists (decision 0029: separate charges and transfers). Per artist,
 * one transaction under the artist's row lock writes the payout `pending` with its ledger
 * rows; only then is the provider asked (idempotency key `payout-<id>`), and the answer
 * moves it to `paid` or `failed` (guarded). Two runs at once take turns on the lock, and
 * the second finds nothing left to pay. A crash or an unanswered call leaves the payout
 * pending: the next run asks again with the same key.
 */

export type PayoutRunDeps = {
  db: Database;
  provider: PayoutProvider;
  logger: Logger;
  /** Injectable, so tests move time instead of sleeping. */
  now: () => Date;
  publicUrl: string;
  kickOutbox: () => void;
};

/** A pending payout younger than this may still be in the hands of the run that made it. */
export const STALE_PENDING_MS = 60_000;

function emptyReport(): PayoutRunReport {
  return {
    paid: 0,
    paidAmount: 0,
    reversed: 0,
    reversedAmount: 0,
    failed: 0,
    stillPending: 0,
    skipped: 0,
  };
}

const idempotencyKey = (row: ArtistPayoutRow) =>
  row.reverses ? `payout-reversal-${row.id}` : `payout-${row.id}`;

/**
 * The artist's payout (or reversals), written pending with their ledger rows under the
 * artist's lock, from what their settled orders still owe: a positive total is paid in
 * one transfer (orders refunded after an earlier payout are netted off in it); a negative
 * total is taken back from their latest transfers. Nothing is asked of the provider here.
 */
export async function preparePayouts(
  deps: PayoutRunDeps,
  artistId: string,
): Promise<{ rows: ArtistPayoutRow[]; skipped: boolean }> {
  return deps.db.transaction(async (tx) => {
    const artist = await lockArtist(tx, artistId);
    if (!artist) return { rows: [], skipped: false };
    const owed = await unpaidSettledOrders(tx, artistId);
    const total = totalOwed(owed);
    const createdAt = deps.now();
    if (total > 0) {
      if (artist.payoutStatus !== "active" || !artist.payoutAccountId) {
        return { rows: [], skipped: true };
      }
      const payout = await insertPayout(tx, {
        artistId,
        amount: total,
        provider: deps.provider.name,
        destination: artist.payoutAccountId,
        createdAt,
      });
      await insertPayoutEntries(tx, payout, payoutPieces(owed));
      return { rows: [payout], skipped: false };
    }
    if (total === 0) return { rows: [], skipped: false };
    const transfers = await reversibleTransfers(tx, artistId, deps.provider.name);
    const rows: ArtistPayoutRow[] = [];
    for (const reversal of reversalPlan(owed, transfers)) {
      const transfer = transfers.find((t) => t.payoutId === reversal.reverses);
      const row = await insertPayout(tx, {
        artistId,
        amount: reversal.amount,
        provider: deps.provider.name,
        destination: transfer?.destination ?? "",
        reverses: reversal.reverses,
        createdAt,
      });
      await insertPayoutEntries(tx, row, reversal.pieces);
      rows.push(row);
    }
    return { rows, skipped: false };
  });
}

/** Asks the provider for a pending payout or reversal, then records its answer. */
async function settle(deps: PayoutRunDeps, row: ArtistPayoutRow, report: PayoutRunReport) {
  let reference: string;
  try {
    if (row.reverses) {
      const original = await findPayout(deps.db, row.reverses);
      if (!original?.providerReference) {
        throw new TransferRefusedError(
          "The transfer to take the money back from has no reference.",
        );
      }
      ({ reference } = await deps.provider.reverseTransfer({
        reference: original.providerReference,
        amount: row.amount,
        idempotencyKey: idempotencyKey(row),
      }));
    } else {
      ({ reference } = await deps.provider.transfer({
        destination: row.destination,
        amount: row.amount,
        idempotencyKey: idempotencyKey(row),
        description: `Vernissage payout ${row.id}`,
      }));
    }
  } catch (error) {
    if (error instanceof TransferRefusedError) {
      if (await failPayout(deps, row, error.message)) report.failed += 1;
      return;
    }
    // The money may or may not have moved: only the same key may ask again.
    deps.logger.error("payout: the provider did not answer; the payout stays pending", {
      payoutId: row.id,
      error,
    });
    report.stillPending += 1;
    return;
  }
  if (!(await markPaid(deps, row, reference))) return;
  if (row.reverses) {
    report.reversed += 1;
    report.reversedAmount += row.amount;
  } else {
    report.paid += 1;
    report.paidAmount += row.amount;
  }
}

/** pending → paid with the provider's reference, and the artist's e-mail; once. */
async function markPaid(deps: PayoutRunDeps, row: ArtistPayoutRow, reference: string) {
  const moved = await deps.db.transaction(async (tx) => {
    const paid = await settlePayoutRow(tx, row.id, "paid", {
      providerReference: reference,
      updatedAt: deps.now(),
    });
    if (!paid) return false;
    const artist = await findArtistContact(tx, row.artistId);
    const pieces = await payoutPiecesOf(tx, row.id);
    if (artist) {
      const context = {
        artistName: artist.displayName,
        artistEmail: artist.email,
        amount: row.amount,
        reference,
        orders: pieces.filter((p) => p.kind === "payout").length,
        salesUrl: `${deps.publicUrl}/profile/sales`,
      };
      await enqueueMail(tx, row.reverses ? takenBackMail(context) : paidMail(context));
    }
    return true;
  });
  if (moved) deps.kickOutbox();
  return moved;
}

/**
 * pending → failed (the provider refused: nothing moved), and the payout's ledger rows
 * undone by their opposites, so its orders are payable (or owed back) again.
 */
async function failPayout(deps: PayoutRunDeps, row: ArtistPayoutRow, message: string) {
  const failed = await deps.db.transaction(async (tx) => {
    const moved = await settlePayoutRow(tx, row.id, "failed", {
      failureMessage: message.slice(0, 500),
      updatedAt: deps.now(),
    });
    if (!moved) return false;
    const pieces = await payoutPiecesOf(tx, row.id);
    await insertPayoutEntries(
      tx,
      row,
      pieces.map((p) => ({
        ...p,
        kind: p.kind === "payout" ? ("payout_reversal" as const) : ("payout" as const),
      })),
    );
    return true;
  });
  if (failed) {
    deps.logger.warn("payout: refused by the provider; its orders are payable again", {
      payoutId: row.id,
      artistId: row.artistId,
      message,
    });
  }
  return failed;
}

/**
 * One payout run: first what an earlier run left pending (a crash, a provider that did
 * not answer) with the same keys, then every artist with money owed either way. Safe to
 * run in several processes at once.
 */
export async function runPayouts(deps: PayoutRunDeps): Promise<PayoutRunReport> {
  const report = emptyReport();
  const staleBefore = new Date(deps.now().getTime() - STALE_PENDING_MS);
  for (const row of await listStalePendingPayouts(deps.db, deps.provider.name, staleBefore)) {
    try {
      await settle(deps, row, report);
    } catch (error) {
      deps.logger.error("payout: retrying a pending payout failed", { payoutId: row.id, error });
    }
  }
  for (const artistId of await artistsWithUnpaid(deps.db)) {
    try {
      const prepared = await preparePayouts(deps, artistId);
      if (prepared.skipped) report.skipped += 1;
      for (const row of prepared.rows) await settle(deps, row, report);
    } catch (error) {
      deps.logger.error("payout: preparing an artist's payout failed", { artistId, error });
    }
  }
  if (report.paid + report.reversed + report.failed > 0) {
    deps.logger.info("payout run", { ...report });
  }
  return report;
}

function toPayout(row: Awaited<ReturnType<typeof listRecentPayouts>>[number]): Payout {
  return {
    id: row.id,
    kind: row.reverses ? "reversal" : "payout",
    amount: row.amount,
    status: row.status,
    reference: row.reference,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The hour (UTC) of the daily run. */
export const PAYOUT_HOUR_UTC = 14;
const SCHEDULE = `every day at ${PAYOUT_HOUR_UTC}:00 UTC`;

/** `GET /api/admin/payouts`: who is owed what, and the newest payouts and reversals. */
export async function payoutsOverview(deps: PayoutRunDeps): Promise<PayoutsOverview> {
  const unpaid = await unpaidByArtist(deps.db, 200);
  const people = new Map(
    (
      await artistsByIds(
        deps.db,
        unpaid.map((u) => u.artistId),
      )
    ).map((p) => [p.id, p]),
  );
  const recent = await listRecentPayouts(deps.db, { limit: 50 });
  return {
    provider: deps.provider.name,
    schedule: SCHEDULE,
    artists: unpaid.map((u) => {
      const person = people.get(u.artistId);
      return {
        artistId: u.artistId,
        artistName: person?.displayName ?? "",
        email: person?.email ?? "",
        payoutStatus: person?.payoutStatus ?? "none",
        payable: u.payable,
        pending: u.pending,
      };
    }),
    recent: recent.map((row): AdminPayout => ({
      ...toPayout(row),
      artistId: row.artistId,
      artistName: row.artistName,
    })),
  };
}

/**
 * `POST /api/admin/payouts/run`: a run now (shared with one already running in this
 * process), then the audit row with what it did.
 */
export async function runPayoutsNow(
  deps: PayoutRunDeps,
  actor: AuditActor,
  run: () => Promise<PayoutRunReport>,
): Promise<PayoutRunAnswer> {
  const report = await run();
  await recordAudit(deps.db, actor, {
    action: "payouts.run",
    targetType: "payouts",
    targetId: deps.now().toISOString(),
    after: report,
  });
  return { message: payoutRunMessage(report), report };
}

/** `GET /api/me/payouts/history`: the artist's own newest payouts and reversals. */
export async function ownPayouts(
  deps: PayoutRunDeps,
  viewer: { id: string; isArtist: boolean },
): Promise<OwnPayouts> {
  if (!viewer.isArtist) throw new AppError("FORBIDDEN", 403, payoutsMessages.artistsOnly);
  const rows = await listRecentPayouts(deps.db, { artistId: viewer.id, limit: 50 });
  return { payouts: rows.map(toPayout) };
}
