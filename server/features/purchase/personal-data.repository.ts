import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { offers, payments } from "../../db/schema";

/** Offers still moving: an account with one is not closed until it is settled. */
const OPEN_OFFER_STATUSES = ["awaiting_card", "open"] as const;

/**
 * A person's offers, as buyer and as artist, for their data export (decision 0058), the
 * ones still open, and the buyer's name, address and e-mail replaced on their offers and
 * payments when the account closes (the payments themselves are kept: bookkeeping).
 */
export async function offersForExport(
  db: Queryable,
  userId: string,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      id: offers.id,
      artworkId: offers.artworkId,
      artistId: offers.artistId,
      buyerId: offers.buyerId,
      buyerName: offers.buyerName,
      status: offers.status,
      amountCents: offers.amountCents,
      rounds: offers.rounds,
      note: offers.note,
      shippingAddress: offers.shippingAddress,
      declineReason: offers.declineReason,
      declineMessage: offers.declineMessage,
      orderId: offers.orderId,
      expiresAt: offers.expiresAt,
      createdAt: offers.createdAt,
      updatedAt: offers.updatedAt,
    })
    .from(offers)
    .where(
      and(
        or(eq(offers.buyerId, userId), eq(offers.artistId, userId)),
        afterId ? gt(offers.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(offers.id))
    .limit(limit);
}

/** Open offers the person made or received (a guest's by their address too), oldest first. */
export async function openOffersOf(db: Queryable, userId: string, email: string) {
  const rows = await db
    .select({ id: offers.id, artworkId: offers.artworkId, artistId: offers.artistId })
    .from(offers)
    .where(
      and(
        inArray(offers.status, [...OPEN_OFFER_STATUSES]),
        or(
          eq(offers.buyerId, userId),
          eq(offers.artistId, userId),
          and(isNull(offers.buyerId), eq(sql`lower(${offers.buyerEmail})`, email.toLowerCase())),
        ),
      ),
    )
    .orderBy(asc(offers.createdAt));
  return rows.map(({ artistId, ...offer }) => ({
    ...offer,
    role: artistId === userId ? ("artist" as const) : ("buyer" as const),
  }));
}

/**
 * The buyer's name and e-mail on their offers and payments become the closed account's
 * pseudonym and address; an offer's shipping address is cleared unless it became an order
 * (the order keeps the address the sale was taxed and shipped on).
 */
export async function forgetBuyer(
  tx: Queryable,
  buyer: { userId: string; email: string },
  replacement: { pseudonym: string; email: string },
): Promise<void> {
  const theirs = or(
    eq(offers.buyerId, buyer.userId),
    eq(sql`lower(${offers.buyerEmail})`, buyer.email.toLowerCase()),
  );
  await tx
    .update(offers)
    .set({ buyerName: replacement.pseudonym, buyerEmail: replacement.email, clientIp: null })
    .where(theirs);
  await tx
    .update(offers)
    .set({ shippingAddress: { line1: "", city: "", state: "", postal_code: "" } })
    .where(and(theirs, isNull(offers.orderId)));
  await tx
    .update(payments)
    .set({
      purchaserName: replacement.pseudonym,
      purchaserEmail: replacement.email,
      clientIp: null,
    })
    .where(
      or(
        eq(payments.purchaserId, buyer.userId),
        eq(sql`lower(${payments.purchaserEmail})`, buyer.email.toLowerCase()),
      ),
    );
  // A payment that never became a sale needs no address for the books.
  await tx
    .update(payments)
    .set({ shippingAddress: null })
    .where(
      and(
        eq(payments.purchaserId, buyer.userId),
        inArray(payments.status, ["created", "cancelled", "declined"]),
      ),
    );
}
