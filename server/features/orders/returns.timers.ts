import {
  RETURN_DEEMED_ARRIVAL_DAYS,
  RETURN_ESCALATION_DAYS,
  RETURN_SHIP_BY_DAYS,
} from "../../../domain/returns";
import { addDays } from "../../../domain/orders";
import type { StorageAdapter } from "../../adapters/storage/storage";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import { isAppError } from "../../errors";
import { enqueueMail } from "../mail/mail.api";
import { findOrder } from "./orders.repository";
import { type OrdersDeps, mailContext, systemActor } from "./orders.service";
import { returnEscalatedMail } from "./returns.mails";
import {
  deleteUnusedReturnImages,
  listDeemedArrivalDue,
  listEscalationDue,
  listLapseDue,
  markReturnEscalated,
} from "./returns.repository";
import { confirmReturnArrival, lapseReturn } from "./returns.service";

/**
 * The returns' deadlines on the order timers (decision 0052, 0055): the team is e-mailed
 * once an artist has left a return request unanswered for 3 days (the console then lets
 * it decide), an accepted return the buyer has not sent back 14 days later lapses (the
 * order back to where it was), and a work sent back is deemed arrived 14 days after
 * shipping, which refunds the buyer. With the storage, photos uploaded for a request never sent are
 * deleted after a day. Each a guarded UPDATE, so two timers at once do it once.
 */

export type ReturnTimersReport = {
  escalated: number;
  lapsed: number;
  deemedArrived: number;
  photosDeleted: number;
};

/** A photo no request took is kept this long: a request may be written slowly. */
export const UNUSED_PHOTO_GRACE_DAYS = 1;

/** Photos uploaded for a request never sent: the rows, then their files. */
async function sweepUnusedPhotos(
  deps: OrdersDeps & { storage: StorageAdapter },
  limit: number,
): Promise<number> {
  const before = addDays(deps.now(), -UNUSED_PHOTO_GRACE_DAYS);
  const keys = await deleteUnusedReturnImages(deps.db, { before, limit });
  await deleteFilesQuietly(deps, keys.flat());
  return keys.length;
}

async function escalate(deps: OrdersDeps, orderId: string): Promise<boolean> {
  const done = await deps.db.transaction(async (tx) => {
    const row = await markReturnEscalated(tx, orderId, deps.now());
    if (!row) return false;
    const order = await findOrder(tx, orderId);
    if (!order) return false;
    const mail = returnEscalatedMail(await mailContext(deps, tx, order), {
      email: deps.teamEmail,
      orderUrl: `${deps.publicUrl}/admin/orders/${orderId}`,
    });
    if (mail.to) await enqueueMail(tx, mail);
    return true;
  });
  if (done) deps.kickOutbox();
  return done;
}

/** One run of both deadlines, each in a batch of at most `limit`, oldest first. */
export async function runReturnTimers(
  deps: OrdersDeps & { storage?: StorageAdapter },
  limit: number,
  counts: { skipped: number; failed: number },
): Promise<ReturnTimersReport> {
  const report: ReturnTimersReport = {
    escalated: 0,
    lapsed: 0,
    deemedArrived: 0,
    photosDeleted: 0,
  };
  const now = deps.now();
  async function attempt(
    kind: keyof ReturnTimersReport,
    orderId: string,
    work: () => Promise<unknown>,
  ) {
    try {
      if ((await work()) === false) counts.skipped += 1;
      else report[kind] += 1;
    } catch (error) {
      if (isAppError(error) && error.status === 409) {
        counts.skipped += 1;
        return;
      }
      counts.failed += 1;
      deps.logger.error(`order timers: return ${kind} failed`, { orderId, error });
    }
  }
  const requestedBefore = addDays(now, -RETURN_ESCALATION_DAYS);
  for (const id of await listEscalationDue(deps.db, requestedBefore, limit)) {
    await attempt("escalated", id, () => escalate(deps, id));
  }
  const acceptedBefore = addDays(now, -RETURN_SHIP_BY_DAYS);
  for (const id of await listLapseDue(deps.db, acceptedBefore, limit)) {
    await attempt("lapsed", id, () => lapseReturn(deps, id));
  }
  const shippedBefore = addDays(now, -RETURN_DEEMED_ARRIVAL_DAYS);
  for (const id of await listDeemedArrivalDue(deps.db, shippedBefore, limit)) {
    await attempt("deemedArrived", id, () => confirmReturnArrival(deps, systemActor, id, true));
  }
  if (deps.storage) {
    try {
      report.photosDeleted = await sweepUnusedPhotos({ ...deps, storage: deps.storage }, limit);
    } catch (error) {
      counts.failed += 1;
      deps.logger.error("order timers: deleting unused return photos failed", { error });
    }
  }
  return report;
}
