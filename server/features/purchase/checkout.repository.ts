import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { artworks, users } from "../../db/schema";
import { listedArtworkSql, listedSql } from "../artworks/artworks.api";
import { takesOffersSql } from "../artworks/artworks.api";

/** The artwork side of a sale: what is for sale, its 15-minute hold, and the claim that sells it. */

/** What a sale needs to know about an artwork before reserving it. */
export async function findArtworkForCheckout(db: Queryable, id: string) {
  const [row] = await db
    .select({
      id: artworks.id,
      title: artworks.title,
      priceCents: artworks.priceCents,
      isForSale: artworks.isForSale,
      status: artworks.status,
      acceptsOffers: artworks.acceptsOffers,
      offerMinimumCents: artworks.offerMinimumCents,
      ownerId: artworks.ownerId,
      artistId: artworks.artistId,
      reservedUntil: artworks.reservedUntil,
      reservedByPaymentId: artworks.reservedByPaymentId,
      /** Whether the marketplace lists it (the rule search uses): nothing else can be bought. */
      listed: sql<boolean>`${listedSql("artworks", "users")}`,
      /** Whether a buyer may make an offer on it now: listed, and the one rule of offers. */
      takesOffers: sql<boolean>`(${listedSql("artworks", "users")} and ${takesOffersSql("artworks")})`,
    })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.artistId))
    .where(eq(artworks.id, id));
  return row;
}

/**
 * The reservation, in one conditional UPDATE: only a listed work for sale at the price the
 * amounts were computed from, not the buyer's own, and not held by someone else (a
 * hold that expired counts as free; the buyer's own earlier hold may be taken over).
 * Answers the new expiry, or null.
 */
export async function reserveArtwork(
  db: Queryable,
  input: {
    artworkId: string;
    paymentId: string;
    priceCents: number;
    buyerId: string | null;
    takeOverPaymentId: string | null;
    minutes: number;
  },
): Promise<Date | null> {
  const free = or(
    isNull(artworks.reservedUntil),
    lt(artworks.reservedUntil, sql`now()`),
    input.takeOverPaymentId ? eq(artworks.reservedByPaymentId, input.takeOverPaymentId) : undefined,
  );
  const [row] = await db
    .update(artworks)
    .set({
      reservedUntil: sql`now() + make_interval(mins => ${input.minutes})`,
      reservedByPaymentId: input.paymentId,
    })
    .where(
      and(
        eq(artworks.id, input.artworkId),
        eq(artworks.isForSale, true),
        listedArtworkSql("artworks"),
        eq(artworks.priceCents, input.priceCents),
        input.buyerId ? sql`${artworks.ownerId} <> ${input.buyerId}` : undefined,
        free,
      ),
    )
    .returning({ reservedUntil: artworks.reservedUntil });
  return row?.reservedUntil ?? null;
}

/** Lets the work go at once, but only if this payment still holds it. */
export async function releaseReservation(db: Queryable, artworkId: string, paymentId: string) {
  await db
    .update(artworks)
    .set({ reservedUntil: null, reservedByPaymentId: null })
    .where(and(eq(artworks.id, artworkId), eq(artworks.reservedByPaymentId, paymentId)));
}

export async function releaseExpiredReservations(db: Queryable): Promise<number> {
  const rows = await db
    .update(artworks)
    .set({ reservedUntil: null, reservedByPaymentId: null })
    .where(lt(artworks.reservedUntil, sql`now()`))
    .returning({ id: artworks.id });
  return rows.length;
}

/**
 * The sale itself: the artwork becomes the buyer's and stops being for sale, but
 * only if it is still listed and this payment holds the reservation or nobody does. Answers what the order
 * copies, or undefined when the work could not be claimed.
 */
export async function claimArtwork(
  db: Queryable,
  input: {
    artworkId: string;
    paymentId: string;
    buyerId: string;
    /** An accepted offer's payment: it may also buy a work that is offers only. */
    offer?: boolean;
  },
) {
  const available = input.offer
    ? or(
        eq(artworks.isForSale, true),
        and(eq(artworks.status, "not for sale"), eq(artworks.ownerId, artworks.artistId)),
      )
    : eq(artworks.isForSale, true);
  const [row] = await db
    .update(artworks)
    .set({
      isForSale: false,
      status: "not for sale",
      ownerId: input.buyerId,
      reservedUntil: null,
      reservedByPaymentId: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(artworks.id, input.artworkId),
        available,
        listedArtworkSql("artworks"),
        sql`${artworks.ownerId} <> ${input.buyerId}`,
        or(
          eq(artworks.reservedByPaymentId, input.paymentId),
          isNull(artworks.reservedUntil),
          lt(artworks.reservedUntil, sql`now()`),
        ),
      ),
    )
    .returning({
      title: artworks.title,
      priceCents: artworks.priceCents,
      imageThumbnail: artworks.imageThumbnail,
      imageOriginal: artworks.imageOriginal,
      artistId: artworks.artistId,
      artistName: artworks.artistDisplayName,
      allowBuyerPickUp: artworks.allowBuyerPickUp,
      zipCode: artworks.zipCode,
      finalSale: artworks.finalSale,
    });
  return row;
}

/** The artwork row locked for the transaction: an offer's acceptance queues here. */
export async function lockArtwork(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: artworks.id })
    .from(artworks)
    .where(eq(artworks.id, id))
    .for("update");
  return rows.length === 1;
}
