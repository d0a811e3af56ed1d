import { AWAITING_CARD_MINUTES, hoursLater } from "../../../domain/offers";
import { workPicture } from "../../mail/mail-content";
import { enqueueMail } from "../mail/mail.api";
import { createPeriodicTask } from "../../tasks/periodic-task";
import { findContact } from "../users/users.api";
import { releaseOfferHolds } from "./holds.service";
import { offerAccessKey } from "./offer-key";
import { offerExpiredMail, offerLinks } from "./offers.mails";
import {
  type OfferRow,
  claimDueOffer,
  findOffer,
  holdsOf,
  insertOfferEvent,
  listStrandedHolds,
  listUnreleasedHolds,
  updateOffer,
} from "./offers.repository";
import type { OffersDeps } from "./offers.service";

/**
 * The offers' clock (decision 0030): open offers expire 48 hours after their last move, offers
 * whose card was never confirmed lapse, and holds nobody will use go back to the buyer's
 * card. One offer per transaction, claimed with SKIP LOCKED, so several servers may run it;
 * a hold is released after its offer's end commits, and a crash in between leaves it to
 * the next run (listStrandedHolds).
 */

export type OfferSweepReport = { expired: number; lapsed: number; released: number };

/** At most this many offers of each kind per run; the rest wait a minute. */
const BATCH = 200;

export function createOfferTimers(deps: OffersDeps) {
  const { db, logger } = deps;

  async function mailExpiry(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    offer: OfferRow,
    now: Date,
  ) {
    const work = await findOffer(tx, offer.id);
    const artist = await findContact(tx, offer.artistId);
    if (!work) return;
    const links = offerLinks(deps.publicUrl, offer.id, offerAccessKey(deps.secret, offer.id));
    const facts = {
      picture: workPicture(
        deps.publicUrl,
        work.artworkThumbnail,
        `"${work.artworkTitle}" by ${work.artistName}`,
      ),
      title: work.artworkTitle,
      artistName: work.artistName,
      buyerName: offer.buyerName,
      amountCents: offer.amountCents,
      expiresAt: now,
    };
    await enqueueMail(tx, offerExpiredMail(facts, offer.buyerEmail, links.buyer, "buyer"));
    if (artist)
      await enqueueMail(tx, offerExpiredMail(facts, artist.email, links.artist, "artist"));
  }

  /** Ends one offer of the kind, or answers null when none is due. */
  async function endOne(kind: "expired" | "lapsed", now: Date): Promise<string | null> {
    return db.transaction(async (tx) => {
      const offer = await claimDueOffer(tx, kind === "expired" ? "open" : "awaiting_card", now);
      if (!offer) return null;
      await updateOffer(tx, offer.id, [offer.status], { status: kind, lastMoveAt: now }, now);
      await insertOfferEvent(tx, {
        offerId: offer.id,
        actor: "system",
        kind,
        amountCents: offer.amountCents,
        message: null,
        createdAt: now,
      });
      if (kind === "expired") await mailExpiry(tx, offer, now);
      return offer.id;
    });
  }

  async function runOnce(): Promise<OfferSweepReport> {
    const report: OfferSweepReport = { expired: 0, lapsed: 0, released: 0 };
    const now = deps.now();
    for (const kind of ["expired", "lapsed"] as const) {
      for (let i = 0; i < BATCH; i += 1) {
        const ended = await endOne(kind, now);
        if (!ended) break;
        report[kind] += 1;
        const holds = await holdsOf(db, [ended]);
        await releaseOfferHolds(deps, holds);
        report.released += holds.length;
      }
    }
    if (report.expired > 0) deps.kickOutbox();
    // Holds left by a crash, a failed release, or a new hold the buyer never used.
    const stranded = [
      ...(await listStrandedHolds(db, hoursLater(now, -AWAITING_CARD_MINUTES / 60))),
      ...(await listUnreleasedHolds(db)),
    ];
    await releaseOfferHolds(deps, stranded);
    report.released += stranded.length;
    if (report.expired + report.lapsed + report.released > 0) {
      logger.info("offer sweep", report);
    }
    return report;
  }

  return createPeriodicTask({
    name: "offer sweep",
    work: runOnce,
    defaultIntervalMs: 60_000,
    logger,
  });
}
