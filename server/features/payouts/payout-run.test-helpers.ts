import { and, eq } from "drizzle-orm";
import { purchaseCompletedSchema } from "../../../contracts/checkout.contract";
import { artistPayouts, ledgerEntries, orders, payments, users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createServices } from "../../services";
import { createArtwork } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { testPasswordHashing } from "../../test/password-hashing";
import { buy, complete, guestEmail, startedPayment } from "../purchase/checkout.test-helpers";

/** Orders taken through their whole life quickly, and the payout rows to check. */

type Clock = { now: () => Date };

/**
 * A sale of a new work of the artist's, through the real checkout: the order is `paid`.
 * With Stripe, `authorize` does what Stripe.js does in the browser (the stand-in's).
 */
export async function sale(
  t: TestApp,
  artistId: string,
  price: number,
  authorize?: (providerPaymentId: string) => void,
) {
  const artwork = await createArtwork(t.db, { artistId, priceCents: price });
  let orderId: string;
  if (authorize) {
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email: guestEmail("payout") });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.paymentId));
    authorize(row!.providerPaymentId!);
    const completed = await complete(client, payment);
    if (completed.status !== 200) throw new Error(`complete refused: ${completed.status}`);
    ({ orderId } = expectContract(purchaseCompletedSchema, await completed.json()));
  } else {
    ({ orderId } = await buy(t.client(), artwork.id, { email: guestEmail("payout") }));
  }
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error("no order");
  return order;
}

/** Ships, delivers and completes the order (the artist's, the buyer's, the timer's moves). */
export async function completeOrder(t: TestApp, clock: Clock, order: typeof orders.$inferSelect) {
  await t.services.orders.move({
    orderId: order.id,
    move: "ship",
    actor: { id: order.artistId, role: "artist" },
    set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z999" },
  });
  await t.services.orders.move({
    orderId: order.id,
    move: "confirm_receipt",
    actor: { id: order.purchaserId, role: "buyer" },
    set: { deliveredAt: clock.now() },
  });
  await t.services.orders.move({
    orderId: order.id,
    move: "complete",
    actor: { id: null, role: "system" },
    set: { completedAt: clock.now() },
  });
}

/** A sale moved to `completed`: its net is payable. */
export async function completedSale(
  t: TestApp,
  clock: Clock,
  artistId: string,
  price: number,
  authorize?: (providerPaymentId: string) => void,
) {
  const order = await sale(t, artistId, price, authorize);
  await completeOrder(t, clock, order);
  return order;
}

/** A second app process on the same database: its own services, its own payout run. */
export function secondServices(t: TestApp, now: () => Date) {
  return createServices(
    t.config,
    {
      db: t.db,
      kind: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
      migrate: () => Promise.resolve(),
      close: () => Promise.resolve(),
    },
    t.services.logger,
    { now, passwordHashing: testPasswordHashing },
  );
}

export function payoutsOf(t: TestApp, artistId: string) {
  return t.db
    .select()
    .from(artistPayouts)
    .where(eq(artistPayouts.artistId, artistId))
    .orderBy(artistPayouts.createdAt, artistPayouts.id);
}

/** The payout and payout_reversal ledger rows of one payout. */
export function payoutEntries(t: TestApp, payoutId: string) {
  return t.db
    .select({
      orderId: ledgerEntries.orderId,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.payoutId, payoutId))
    .orderBy(ledgerEntries.id);
}

/** Paid to the artist less taken back, over every ledger row of the order. */
export async function paidForOrder(t: TestApp, orderId: string) {
  const rows = await t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId)));
  let paid = 0;
  for (const row of rows) {
    if (row.kind === "payout") paid += row.amount;
    if (row.kind === "payout_reversal") paid -= row.amount;
  }
  return paid;
}

export async function setPayoutAccount(
  t: TestApp,
  artistId: string,
  set: Partial<Pick<typeof users.$inferInsert, "payoutAccountId" | "payoutStatus">>,
) {
  await t.db.update(users).set(set).where(eq(users.id, artistId));
}
