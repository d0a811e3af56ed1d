import type { Queryable } from "../../db/client";
import { workPicture } from "../../mail/mail-content";
import { enqueueMail } from "../mail/mail.api";
import { offerClosedBySaleMail, offerLinks } from "./offers.mails";
import { type ClosedOffer, declineSoldOffers, findWorkFacts, holdsOf } from "./offers.repository";

/**
 * What a sale closes: every other open (or not yet confirmed) offer on the work, declined
 * as sold in the sale's transaction. Only the buyers whose offer was open are e-mailed: an
 * offer whose card was never confirmed was never made. Answers the holds to release once
 * the sale commits.
 */
export async function closeOffersOnSoldWork(
  tx: Queryable,
  input: {
    artworkId: string;
    exceptOfferId: string | null;
    now: Date;
    publicUrl: string;
    offerKey: (offerId: string) => string;
  },
): Promise<ClosedOffer[]> {
  const { artworkId, exceptOfferId, now } = input;
  const unconfirmed = await declineSoldOffers(tx, {
    artworkId,
    status: "awaiting_card",
    exceptOfferId,
    now,
  });
  const open = await declineSoldOffers(tx, { artworkId, status: "open", exceptOfferId, now });
  const closed = [...unconfirmed, ...open];
  if (closed.length === 0) return [];
  const work = await findWorkFacts(tx, artworkId);
  for (const offer of work ? open : []) {
    const facts = {
      picture: workPicture(
        input.publicUrl,
        work!.thumbnail,
        `"${work!.title}" by ${work!.artistName}`,
      ),
      title: work!.title,
      artistName: work!.artistName,
      buyerName: offer.buyerName,
      amountCents: offer.amountCents,
      expiresAt: offer.expiresAt,
    };
    const links = offerLinks(input.publicUrl, offer.id, input.offerKey(offer.id));
    await enqueueMail(tx, offerClosedBySaleMail(facts, offer.buyerEmail, links.buyer));
  }
  return holdsOf(
    tx,
    closed.map((offer) => offer.id),
  );
}
