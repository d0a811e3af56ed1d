import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  type PaymentStatus,
  type ShippingAddress,
  accounts,
  artworks,
  orders,
  payments,
  processedWebhookEvents,
  users,
} from "../../db/schema";
import { listedArtworkSql, listedSql } from "../artworks/listed.repository";

export type PaymentRow = typeof payments.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** What a sale needs to know about an artwork before reserving it. */
export async function findArtworkForCheckout(db: Queryable, id: string) {
  const [row] = await db
    .select({
      id: artworks.id,
      title: artworks.title,
      priceCents: artworks.priceCents,
      isForSale: artworks.isForSale,
      ownerId: artworks.ownerId,
      artistId: artworks.artistId,
      reservedUntil: artworks.reservedUntil,
      reservedByPaymentId: artworks.reservedByPaymentId,
      payoutAccountId: users.payoutAccountId,
      /** Whether the marketplace lists it (the rule search uses): nothing else can be bought. */
      listed: sql<boolean>`${listedSql("artworks", "users")}`,
    })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.artistId))
    .where(eq(artworks.id, id));
  return row;
}

export async function hasOrder(db: Queryable, artworkId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.artworkId, artworkId))
    .limit(1);
  return rows.length > 0;
}

export async function findUserIdByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id;
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
 * Artworks this e-mail holds right now: reserved, unexpired, by one of its open
 * payments (`except` is the payment being replaced, which does not count).
 */
export async function countOpenHolds(
  db: Queryable,
  email: string,
  except: string | null,
): Promise<number> {
  const [row] = await db
    .select({ holds: count() })
    .from(payments)
    .innerJoin(
      artworks,
      and(eq(artworks.id, payments.artworkId), eq(artworks.reservedByPaymentId, payments.id)),
    )
    .where(
      and(
        eq(payments.purchaserEmail, email),
        inArray(payments.status, ["created", "authorized"]),
        gt(artworks.reservedUntil, sql`now()`),
        except ? ne(payments.id, except) : undefined,
      ),
    );
  return row?.holds ?? 0;
}

/** Payments started from this client address within the last `minutes`. */
export async function countRecentPaymentsFrom(
  db: Queryable,
  clientIp: string,
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ started: count() })
    .from(payments)
    .where(
      and(
        eq(payments.clientIp, clientIp),
        gt(payments.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return row?.started ?? 0;
}

export async function insertPayment(db: Queryable, row: typeof payments.$inferInsert) {
  const [inserted] = await db.insert(payments).values(row).returning();
  return inserted!;
}

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment row, locked until the transaction ends: completions of one payment queue here. */
export async function lockPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for("update");
  return row;
}

export async function findPaymentByClientSecretHash(db: Queryable, hash: string) {
  const [row] = await db.select().from(payments).where(eq(payments.clientSecretHash, hash));
  return row;
}

export async function findPaymentByProviderId(db: Queryable, provider: string, id: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, id)));
  return row;
}

/** A guarded status change; answers whether it happened. */
export async function updatePayment(
  db: Queryable,
  id: string,
  from: PaymentStatus[],
  changes: Partial<
    Pick<
      PaymentRow,
      | "status"
      | "providerPaymentId"
      | "clientSecretHash"
      | "failureMessage"
      | "purchaserId"
      | "guestAccount"
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * The sale itself: the artwork becomes the buyer's and stops being for sale, but
 * only if it is still listed and this payment holds the reservation or nobody does. Answers what the order
 * copies, or undefined when the work could not be claimed.
 */
export async function claimArtwork(
  db: Queryable,
  input: { artworkId: string; paymentId: string; buyerId: string },
) {
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
        eq(artworks.isForSale, true),
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
    });
  return row;
}

export async function insertOrder(db: Queryable, row: typeof orders.$inferInsert) {
  const [inserted] = await db
    .insert(orders)
    .values(row)
    .onConflictDoNothing({ target: orders.paymentId })
    .returning();
  return inserted;
}

export async function findOrderByPayment(db: Queryable, paymentId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return row;
}

export async function findContact(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * A collector account for a guest, with a password nobody knows (they set one with
 * "Reset Password"), or nothing when the e-mail already has an account.
 */
export async function insertGuestUser(
  db: Queryable,
  input: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<string | undefined> {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: `${input.firstName} ${input.lastName}`.trim(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return undefined;
  // The row Better Auth's own sign-up writes for an e-mail and password account.
  await db.insert(accounts).values({
    userId: user.id,
    accountId: user.id,
    providerId: "credential",
    password: input.passwordHash,
  });
  return user.id;
}

export async function saveShippingAddress(db: Queryable, userId: string, address: ShippingAddress) {
  await db
    .update(users)
    .set({ shippingAddress: address, lastModified: sql`now()` })
    .where(eq(users.id, userId));
}

export async function listOrdersOf(db: Queryable, userId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.purchaserId, userId))
    .orderBy(desc(orders.timestamp), desc(orders.id));
}

/** Records a webhook event id; false when it was already there (a replay). */
export async function recordWebhookEvent(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values({ id })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return rows.length === 1;
}

export async function isWebhookEventRecorded(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, id));
  return rows.length === 1;
}

/** Payments without an order, started more than `seconds` ago and not finished. */
export async function listUnfinishedPayments(db: Queryable, seconds: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, ["created", "authorized"]),
        lt(payments.createdAt, sql`now() - make_interval(secs => ${seconds})`),
        sql`not exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`,
      ),
    )
    .limit(100);
}

/** Sold (an order exists) but not yet captured, for longer than `seconds`. */
export async function listUncapturedSales(db: Queryable, seconds: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "authorized"),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${seconds})`),
        sql`exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`,
      ),
    )
    .limit(100);
}
