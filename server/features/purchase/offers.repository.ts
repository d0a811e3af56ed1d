import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { artworks, offerEvents, offers, orders, payments } from "../../db/schema";
import type { OfferStatus } from "../../../domain/offers";

/** Offers and their history (decision 0030): the only code here that knows Drizzle. */

export type OfferRow = typeof offers.$inferSelect;
export type OfferEventRow = typeof offerEvents.$inferSelect;

/** An offer whose work sold to someone else: its hold, to release after the sale commits. */
export type ClosedOffer = { offerId: string; paymentId: string; providerPaymentId: string | null };

/** What the pages show of the offer's work. */
const workColumns = {
  artworkTitle: artworks.title,
  artworkThumbnail: artworks.imageThumbnail,
  artistName: artworks.artistDisplayName,
  artworkPrice: artworks.priceCents,
  artworkForSale: artworks.isForSale,
};

export type OfferWithWork = OfferRow & {
  artworkTitle: string;
  artworkThumbnail: string | null;
  artistName: string;
  artworkPrice: number | null;
  artworkForSale: boolean;
};

export async function insertOffer(db: Queryable, row: typeof offers.$inferInsert) {
  const [inserted] = await db.insert(offers).values(row).returning();
  return inserted!;
}

export async function findOffer(db: Queryable, id: string): Promise<OfferWithWork | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(offers), ...workColumns })
    .from(offers)
    .innerJoin(artworks, eq(artworks.id, offers.artworkId))
    .where(eq(offers.id, id));
  return row;
}

/** The offer row, locked until the transaction ends: every move of one offer queues here. */
export async function lockOffer(db: Queryable, id: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for("update");
  return row;
}

/** A guarded change: only from `from`; answers whether it happened. */
export async function updateOffer(
  db: Queryable,
  id: string,
  from: OfferStatus[],
  changes: Partial<Omit<OfferRow, "id" | "artworkId" | "buyerId" | "artistId" | "createdAt">>,
  updatedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(offers)
    .set({ ...changes, updatedAt })
    .where(and(eq(offers.id, id), inArray(offers.status, from)))
    .returning({ id: offers.id });
  return rows.length === 1;
}

/** Attaches a guest's offer to an account, once: answers whether it was still unattached. */
export async function attachBuyer(
  db: Queryable,
  id: string,
  buyerId: string,
  updatedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(offers)
    .set({ buyerId, updatedAt })
    .where(and(eq(offers.id, id), isNull(offers.buyerId)))
    .returning({ id: offers.id });
  return rows.length === 1;
}

export async function insertOfferEvent(db: Queryable, row: typeof offerEvents.$inferInsert) {
  await db.insert(offerEvents).values(row);
}

export async function listOfferEvents(db: Queryable, offerId: string): Promise<OfferEventRow[]> {
  return db
    .select()
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(asc(offerEvents.createdAt), asc(offerEvents.id));
}

/** The buyer's open offer on the work, if any (at most one: a unique index). */
export async function findOpenOffer(db: Queryable, artworkId: string, buyerId: string) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(eq(offers.artworkId, artworkId), eq(offers.buyerId, buyerId), eq(offers.status, "open")),
    );
  return row;
}

/** A guest's open offer on the work with this e-mail, if any (a unique index keeps one). */
export async function findOpenGuestOffer(db: Queryable, artworkId: string, email: string) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        eq(offers.artworkId, artworkId),
        isNull(offers.buyerId),
        eq(sql`lower(${offers.buyerEmail})`, email.toLowerCase()),
        eq(offers.status, "open"),
      ),
    );
  return row;
}

/**
 * Offers made on this work since `since` (any outcome), by this buyer or from this client
 * address: the daily brakes on probing a hidden minimum or flooding an artist.
 */
export async function countOffersSince(
  db: Queryable,
  artworkId: string,
  by: { buyerId: string } | { buyerEmail: string } | { clientIp: string },
  since: Date,
): Promise<number> {
  const whose =
    "buyerId" in by
      ? eq(offers.buyerId, by.buyerId)
      : "buyerEmail" in by
        ? eq(offers.buyerEmail, by.buyerEmail)
        : eq(offers.clientIp, by.clientIp);
  const [row] = await db
    .select({ made: sql<number>`count(*)::int` })
    .from(offers)
    .where(and(eq(offers.artworkId, artworkId), whose, gte(offers.createdAt, since)));
  return row?.made ?? 0;
}

/**
 * Offers that were never on the table, which their artist never sees: the card not yet
 * (or never) confirmed, or declined below the minimum as the card was confirmed.
 */
const neverMadeSql = sql`${offers.status} in ('awaiting_card', 'lapsed') or (${offers.declineReason} is not distinct from 'below_minimum' and ${offers.rounds} = 1)`;

/** A user's offers as buyer or as artist, newest first (the last 200). */
export async function listOffersOf(
  db: Queryable,
  userId: string,
  role: "buyer" | "artist",
): Promise<OfferWithWork[]> {
  const mine = role === "buyer" ? eq(offers.buyerId, userId) : eq(offers.artistId, userId);
  const shown = role === "artist" ? and(mine, sql`not (${neverMadeSql})`) : mine;
  return db
    .select({ ...getTableColumns(offers), ...workColumns })
    .from(offers)
    .innerJoin(artworks, eq(artworks.id, offers.artworkId))
    .where(shown)
    .orderBy(desc(offers.lastMoveAt), desc(offers.id))
    .limit(200);
}

/**
 * Declines every offer on the work in `status` (but `exceptOfferId`) as sold, with its
 * event; answers the offers it declined.
 */
export async function declineSoldOffers(
  tx: Queryable,
  input: { artworkId: string; status: OfferStatus; exceptOfferId: string | null; now: Date },
): Promise<OfferRow[]> {
  const closed = await tx
    .update(offers)
    .set({ status: "declined", declineReason: "sold", updatedAt: input.now })
    .where(
      and(
        eq(offers.artworkId, input.artworkId),
        eq(offers.status, input.status),
        input.exceptOfferId ? ne(offers.id, input.exceptOfferId) : undefined,
      ),
    )
    .returning();
  for (const offer of closed) {
    await insertOfferEvent(tx, {
      offerId: offer.id,
      actor: "system",
      kind: "closed_sold",
      amountCents: offer.amountCents,
      message: null,
      createdAt: input.now,
    });
  }
  return closed;
}

/** What an e-mail about the work shows of it. */
export async function findWorkFacts(db: Queryable, artworkId: string) {
  const [work] = await db
    .select({
      title: artworks.title,
      artistName: artworks.artistDisplayName,
      thumbnail: artworks.imageThumbnail,
    })
    .from(artworks)
    .where(eq(artworks.id, artworkId));
  return work;
}

/** Every unfinished authorization of these offers (the current one and any new one not used). */
export async function holdsOf(db: Queryable, offerIds: string[]): Promise<ClosedOffer[]> {
  if (offerIds.length === 0) return [];
  const rows = await db
    .select({
      offerId: payments.offerId,
      paymentId: payments.id,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.offerId, offerIds),
        inArray(payments.status, ["created", "authorized"]),
        sql`not exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`,
      ),
    );
  return rows.map((row) => ({ ...row, offerId: row.offerId! }));
}

/**
 * Claims one offer in `status` whose deadline has passed (open: its 48 hours; awaiting its
 * card: the 30 minutes to confirm it) for this transaction; SKIP LOCKED, so several
 * servers may sweep at once, each taking other offers.
 */
export async function claimDueOffer(
  tx: Queryable,
  status: "open" | "awaiting_card",
  now: Date,
): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.status, status), lte(offers.expiresAt, now)))
    .orderBy(asc(offers.expiresAt))
    .limit(1)
    .for("update", { skipLocked: true });
  return row;
}

/**
 * Offer authorizations nobody will use, made before `before`: of an offer no longer open,
 * or a new one its buyer made but never accepted or countered with (a closed tab). The
 * sweep releases them; a crash between an offer's end and its release leaves them here.
 */
export async function listStrandedHolds(db: Queryable, before: Date): Promise<ClosedOffer[]> {
  const rows = await db
    .select({
      offerId: payments.offerId,
      paymentId: payments.id,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .innerJoin(offers, eq(offers.id, payments.offerId))
    .where(
      and(
        isNotNull(payments.offerId),
        inArray(payments.status, ["created", "authorized"]),
        lte(payments.createdAt, before),
        or(
          inArray(offers.status, ["accepted", "declined", "expired", "withdrawn", "lapsed"]),
          sql`${offers.paymentId} is distinct from ${payments.id}`,
        ),
        sql`not exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`,
      ),
    )
    .limit(100);
  return rows.map((row) => ({ ...row, offerId: row.offerId! }));
}

/** Whether the offer still stands on the table, and on which hold. */
export async function findOfferStanding(db: Queryable, offerId: string) {
  const [row] = await db
    .select({ status: offers.status, paymentId: offers.paymentId })
    .from(offers)
    .where(eq(offers.id, offerId));
  return row;
}

/** Offer holds marked cancelled whose release never reached the processor. */
export async function listUnreleasedHolds(db: Queryable): Promise<ClosedOffer[]> {
  const rows = await db
    .select({
      offerId: payments.offerId,
      paymentId: payments.id,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(
      and(
        isNotNull(payments.offerId),
        eq(payments.status, "cancelled"),
        isNotNull(payments.providerPaymentId),
        isNull(payments.holdReleasedAt),
      ),
    )
    .limit(100);
  return rows.map((row) => ({ ...row, offerId: row.offerId! }));
}

/**
 * Every move on this buyer's offers for a work, oldest first: the offer events a
 * conversation about the work shows beside its messages.
 */
export async function offerHistoryFor(db: Queryable, artworkId: string, buyerId: string) {
  return db
    .select({
      offerId: offers.id,
      id: offerEvents.id,
      actor: offerEvents.actor,
      kind: offerEvents.kind,
      amountCents: offerEvents.amountCents,
      createdAt: offerEvents.createdAt,
    })
    .from(offerEvents)
    .innerJoin(offers, eq(offers.id, offerEvents.offerId))
    .where(and(eq(offers.artworkId, artworkId), eq(offers.buyerId, buyerId)))
    .orderBy(asc(offerEvents.createdAt))
    .limit(200);
}
