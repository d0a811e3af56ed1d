import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { deleteUnusedUploads, uploadKeys } from "./uploads.repository";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import { type PeriodicTask, createPeriodicTask } from "../../tasks/periodic-task";

/**
 * How long an unused upload is kept: an artist may choose images, leave the form open
 * and confirm the listing hours later.
 */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 100;
const HOURLY = 60 * 60 * 1000;

export type SweepDeps = { db: Database; storage: StorageAdapter; logger: Logger };
export type SweepReport = { deleted: number };

/**
 * Deletes the rows and files of uploads that no artwork uses and that are older than
 * `olderThan` milliseconds (an abandoned listing form), a batch at a time. Each batch's
 * rows are gone before their files are touched, so no listing can take an upload whose
 * files are being deleted; a crash in between leaves files without a row, never a row
 * without files. A file that cannot be deleted is only logged.
 */
export async function sweepUnusedUploads(
  deps: SweepDeps,
  options: { olderThan?: number; batchSize?: number } = {},
): Promise<SweepReport> {
  const olderThanMs = options.olderThan ?? UNUSED_UPLOAD_GRACE_MS;
  const limit = options.batchSize ?? BATCH_SIZE;
  let deleted = 0;
  for (;;) {
    const rows = await deleteUnusedUploads(deps.db, { olderThanMs, limit });
    await deleteFilesQuietly(deps, rows.flatMap(uploadKeys));
    deleted += rows.length;
    // A short batch means nothing old is left (fresh uploads are never old enough).
    if (rows.length < limit) break;
  }
  if (deleted > 0) deps.logger.info("deleted unused uploads", { deleted });
  return { deleted };
}

/** The sweep on a timer, started and stopped with the server (server/start.ts). */
export function createUploadSweeper(deps: SweepDeps): PeriodicTask<SweepReport> {
  return createPeriodicTask({
    name: "upload sweep",
    work: () => sweepUnusedUploads(deps),
    defaultIntervalMs: HOURLY,
    logger: deps.logger,
  });
}
