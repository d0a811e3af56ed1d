import { randomBytes, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { DataExport } from "../../../contracts/data-rights.contract";
import { EXPORT_VALID_DAYS, dataRightsMessages } from "../../../domain/data-rights";
import { timeZoneOrDefault } from "../../../domain/date-time";
import { isUuid } from "../../../domain/ids";
import { PRIVATE_PREFIX, type StorageAdapter } from "../../adapters/storage/storage";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { type NewMail, enqueueMail } from "../mail/mail.api";
import { findContact } from "../users/users.api";
import { buildExportFile } from "./data-export.builder";
import {
  type DataExportRow,
  claimExport,
  expireExports,
  findExport,
  finishExport,
  latestExportOf,
  queueExport,
  recordProgress,
  supersedeExports,
} from "./data-export.repository";
import { exportReadyMail } from "./data-rights.mails";

export type DataExportDeps = {
  db: Database;
  storage: StorageAdapter;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  kickOutbox: () => void;
  /** Starts a build run now (the timer's run); the request does not wait for it. */
  kickBuild?: () => void;
};

/** How long a builder holds an export between progress reports before another may take it. */
export const EXPORT_LEASE_MS = 5 * 60 * 1000;
/** A build that crashed this many times is given up on; the person may ask again. */
export const MAX_EXPORT_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

function toAnswer(row: DataExportRow, now: Date): DataExport {
  // Past its day but not yet swept by the timer: already expired for the person.
  const status =
    row.status === "ready" && row.expiresAt && row.expiresAt <= now ? "expired" : row.status;
  return {
    id: row.id,
    status,
    progress: row.progress,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: status === "ready" ? (row.expiresAt?.toISOString() ?? null) : null,
    sizeBytes: status === "ready" ? row.sizeBytes : null,
    failure: status === "failed" ? row.failure : null,
    downloadUrl: status === "ready" ? `/api/me/data-export/${row.id}/download` : null,
  };
}

/** The person's newest export, whatever its state; null before the first. */
export async function currentExport(deps: DataExportDeps, userId: string) {
  const row = await latestExportOf(deps.db, userId);
  return row ? toAnswer(row, deps.now()) : null;
}

/** Queues an export; one already queued or building is answered instead of a second. */
export async function requestExport(deps: DataExportDeps, userId: string): Promise<DataExport> {
  const row = await queueExport(deps.db, userId, deps.now());
  if (!row) throw new AppError("INTERNAL", 500, dataRightsMessages.exportFailed);
  deps.kickBuild?.();
  return toAnswer(row, deps.now());
}

/**
 * The ready file, to its owner only: anyone else's, an unknown or malformed id answer
 * the same 404; an expired one 410.
 */
export async function openDownload(
  deps: DataExportDeps,
  userId: string,
  exportId: string,
): Promise<{ body: Readable; bytes: number | null; fileName: string }> {
  const row = isUuid(exportId) ? await findExport(deps.db, exportId.toLowerCase()) : undefined;
  if (!row || row.userId !== userId || !["ready", "expired"].includes(row.status)) {
    throw new AppError("NOT_FOUND", 404, dataRightsMessages.exportNotFound);
  }
  if (
    row.status === "expired" ||
    !row.storageKey ||
    (row.expiresAt && row.expiresAt <= deps.now())
  ) {
    throw new AppError("NOT_FOUND", 410, dataRightsMessages.exportExpired);
  }
  let body: Readable;
  try {
    body = await deps.storage.read(row.storageKey);
  } catch (error) {
    deps.logger.error("a ready data export's file could not be read", { exportId, error });
    throw new AppError("NOT_FOUND", 410, dataRightsMessages.exportExpired);
  }
  const day = (row.finishedAt ?? row.requestedAt).toISOString().slice(0, 10);
  return { body, bytes: row.sizeBytes, fileName: `vernissage-data-${day}.zip` };
}

/** Another builder took the export over (this one was too slow, or the row is gone). */
class LeaseLost extends Error {}

function failureMessage(error: unknown): string {
  return error instanceof AppError && error.code === "STORAGE_FULL"
    ? dataRightsMessages.exportStorageFull
    : dataRightsMessages.exportFailed;
}

/** Builds one claimed export; false when there was none to claim. */
async function buildNext(deps: DataExportDeps): Promise<boolean> {
  const token = randomUUID();
  const claimed = await claimExport(deps.db, {
    now: deps.now(),
    leaseMs: EXPORT_LEASE_MS,
    token,
  });
  if (!claimed) return false;
  if (claimed.attempts > MAX_EXPORT_ATTEMPTS) {
    await finishExport(deps.db, claimed.id, token, {
      status: "failed",
      failure: dataRightsMessages.exportFailed,
      finishedAt: deps.now(),
    });
    return true;
  }
  // A new name each attempt: a builder that lost its lease never writes over the new one.
  const key = `${PRIVATE_PREFIX}exports/${claimed.userId}/${randomBytes(16).toString("hex")}.zip`;
  let lastPercent = -1;
  try {
    const { bytes } = await buildExportFile(deps, claimed.userId, key, async (done, total) => {
      const percent = Math.min(99, Math.floor((done / total) * 100));
      if (percent === lastPercent) return;
      lastPercent = percent;
      const held = await recordProgress(deps.db, claimed.id, token, {
        progress: percent,
        leaseUntil: new Date(deps.now().getTime() + EXPORT_LEASE_MS),
      });
      if (!held) throw new LeaseLost("the export's lease was taken over");
    });
    const finishedAt = deps.now();
    const expiresAt = new Date(finishedAt.getTime() + EXPORT_VALID_DAYS * DAY_MS);
    const recorded = await finishExport(deps.db, claimed.id, token, {
      status: "ready",
      storageKey: key,
      sizeBytes: bytes,
      finishedAt,
      expiresAt,
    });
    if (!recorded) {
      await deleteFilesQuietly(deps, [key]);
      return true;
    }
    // One file per person: a newer export replaces the older one.
    const older = await supersedeExports(deps.db, claimed.userId, claimed.id);
    await deleteFilesQuietly(
      deps,
      older.flatMap((row) => (row.storageKey ? [row.storageKey] : [])),
    );
    await mailReady(deps, claimed.userId, expiresAt);
  } catch (error) {
    if (error instanceof LeaseLost) {
      deps.logger.warn("a data export was taken over by another builder", { exportId: claimed.id });
      return true;
    }
    deps.logger.error("a data export failed", { exportId: claimed.id, error });
    await finishExport(deps.db, claimed.id, token, {
      status: "failed",
      failure: failureMessage(error),
      finishedAt: deps.now(),
    });
  }
  return true;
}

async function mailReady(deps: DataExportDeps, userId: string, expiresAt: Date) {
  const contact = await findContact(deps.db, userId);
  if (!contact) return;
  const mail: NewMail = exportReadyMail({
    to: contact.email,
    name: contact.displayName,
    link: `${deps.publicUrl}/profile/settings#your-data`,
    expiresAt,
    timeZone: timeZoneOrDefault(contact.timeZone),
  });
  await enqueueMail(deps.db, mail);
  deps.kickOutbox();
}

/**
 * One run of the data-export timer: ready files past their 7 days deleted, then every
 * waiting export built, one after another (and any a crashed builder left).
 */
export async function runDataExports(
  deps: DataExportDeps,
): Promise<{ built: number; expired: number }> {
  let expired = 0;
  for (;;) {
    const rows = await expireExports(deps.db, deps.now(), 100);
    await deleteFilesQuietly(
      deps,
      rows.flatMap((row) => (row.storageKey ? [row.storageKey] : [])),
    );
    expired += rows.length;
    if (rows.length < 100) break;
  }
  let built = 0;
  while (await buildNext(deps)) built += 1;
  return { built, expired };
}
