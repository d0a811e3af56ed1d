import type { Queryable } from "../../db/client";
import { findOrderByPayment } from "../orders/orders.api";
import { type ClosedOffer, findOfferStanding } from "./offers.repository";
import { cancelHold, lockPayment, markHoldReleased } from "./payments.repository";
import type { PurchaseDeps } from "./purchase.service";

/**
 * When an offer's card hold goes back to the buyer. Taken under the payment row's lock,
 * so an acceptance that is selling with it either commits first (then it has an order and
 * stays) or finds it taken (its guarded update fails and it stops). Released only when no
 * order uses it and it does not back an offer still on the table; it is then marked
 * cancelled, and the processor is asked after the commit. A hold marked cancelled whose
 * processor release never happened (a crash, an outage) is answered again. Undefined:
 * leave it be.
 */
async function takeHoldForRelease(
  tx: Queryable,
  paymentId: string,
): Promise<{ providerPaymentId: string | null } | undefined> {
  const row = await lockPayment(tx, paymentId);
  if (!row?.offerId) return undefined;
  if (row.status === "cancelled") {
    return row.holdReleasedAt ? undefined : { providerPaymentId: row.providerPaymentId };
  }
  if (row.status !== "created" && row.status !== "authorized") return undefined;
  if (await findOrderByPayment(tx, paymentId)) return undefined;
  const offer = await findOfferStanding(tx, row.offerId);
  const backing =
    offer &&
    (offer.status === "open" || offer.status === "awaiting_card") &&
    offer.paymentId === paymentId;
  if (backing) return undefined;
  await cancelHold(tx, paymentId);
  return { providerPaymentId: row.providerPaymentId };
}

/**
 * Releases offer holds: each taken under its payment's row lock (never one an
 * order uses or an open offer stands on, see takeHoldForRelease), then cancelled at the
 * processor. A failure is logged; the offers' sweep (offers.timers.ts) releases what is left.
 */
export async function releaseOfferHolds(
  { db, provider, logger }: Pick<PurchaseDeps, "db" | "provider" | "logger">,
  holds: readonly ClosedOffer[],
) {
  async function release(hold: (typeof holds)[number]) {
    try {
      const taken = await db.transaction((tx) => takeHoldForRelease(tx, hold.paymentId));
      if (!taken?.providerPaymentId) return;
      await provider.cancel(taken.providerPaymentId);
      await markHoldReleased(db, hold.paymentId);
    } catch (error) {
      logger.error("releasing an offer's card hold failed; the sweep retries", {
        paymentId: hold.paymentId,
        error,
      });
    }
  }
  // A few at a time: a sale on a work with many open offers answers its winner sooner
  // (bench/offers.bench.ts), without a burst of requests to the processor.
  for (let i = 0; i < holds.length; i += RELEASE_CONCURRENCY) {
    await Promise.all(holds.slice(i, i + RELEASE_CONCURRENCY).map(release));
  }
}

const RELEASE_CONCURRENCY = 8;
