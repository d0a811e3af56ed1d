import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type ShippingAddress, users } from "./auth";
import { artworks } from "./artworks";
import type { OrderStatus, ProblemKind } from "../../../domain/orders";

export const PAYMENT_STATUSES = [
  "created",
  "authorized",
  "captured",
  "cancelled",
  "refunded",
  "declined",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type GuestAccountOutcome = "created" | "matched";

/** One card payment for one artwork; amounts in USD cents. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "restrict" }),
    purchaserId: uuid("purchaser_id").references(() => users.id, { onDelete: "set null" }),
    purchaserEmail: text("purchaser_email").notNull(),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    /**
     * SHA-256 (hex) of the processor's client secret, which only the payer's browser
     * received: completing a payment or taking its hold over needs the secret (decision 0019).
     */
    clientSecretHash: text("client_secret_hash"),
    idempotencyKey: text("idempotency_key").notNull(),
    preTaxAmount: integer("pre_tax_amount").notNull(),
    taxAmount: integer("tax_amount").notNull(),
    totalAmount: integer("total_amount").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("created"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /** The name the buyer gave (a guest's new account takes it). */
    purchaserName: text("purchaser_name"),
    /** For a guest: whether completing created the account or matched one (the answer's message). */
    guestAccount: text("guest_account").$type<GuestAccountOutcome>(),
    /** Why the payment ended without a sale (declined card, artwork lost), for support. */
    failureMessage: text("failure_message"),
    /** The address the payment was started from, for the per-client limit (decision 0015). */
    clientIp: text("client_ip"),
    /**
     * Set when the authorization backs an offer: such a payment is never a
     * purchase by itself; only an accepted offer sells with it. No foreign key: offers
     * reference payments.
     */
    offerId: uuid("offer_id"),
    /**
     * An offer's hold: when the processor confirmed its cancellation. A hold marked
     * cancelled without it is released again by the offer sweep (a crash in between).
     */
    holdReleasedAt: timestamp("hold_released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_idempotency_idx").on(t.idempotencyKey),
    uniqueIndex("payments_provider_id_idx").on(t.provider, t.providerPaymentId),
    uniqueIndex("payments_client_secret_idx").on(t.clientSecretHash),
    index("payments_status_idx").on(t.status, t.createdAt),
    index("payments_artwork_idx").on(t.artworkId),
    index("payments_purchaser_email_idx").on(t.purchaserEmail, t.status),
    index("payments_client_ip_idx").on(t.clientIp, t.createdAt),
    index("payments_offer_idx").on(t.offerId),
  ],
);

/** The SPEC's Transaction: a finished purchase, kept even if the artwork changes later. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "restrict" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    purchaserId: uuid("purchaser_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    imageThumbnail: text("image_thumbnail"),
    imageOriginal: text("image_original"),
    artistName: text("artist_name").notNull(),
    price: integer("price").notNull(),
    preTaxAmount: integer("pre_tax_amount").notNull(),
    taxAmount: integer("tax_amount").notNull(),
    totalAmount: integer("total_amount").notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    // After the sale (decision 0029).
    /** The artist who sold the work (the artwork's artist at the moment of sale). */
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").$type<OrderStatus>().notNull().default("paid"),
    /** The platform's fee, frozen at the sale: a later change of rate never alters the order. */
    commissionBps: integer("commission_bps").notNull(),
    commissionAmount: integer("commission_amount").notNull(),
    /** price − commission: what the artist is owed once the order completes. */
    artistNet: integer("artist_net").notNull(),
    /** Whether the buyer may collect the work (the artwork allowed pick-up at the sale), and where. */
    pickUpZipCode: text("pick_up_zip_code"),
    shipBy: timestamp("ship_by", { withTimezone: true }).notNull(),
    shipByReminderAt: timestamp("ship_by_reminder_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** Null with a shippedAt: handed over to the buyer at pick-up. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    problemKind: text("problem_kind").$type<ProblemKind>(),
    problemNote: text("problem_note"),
    problemReportedAt: timestamp("problem_reported_at", { withTimezone: true }),
    /**
     * The return window the work was sold with, in days after delivery (decision 0055):
     * the operator's setting at the sale, 0 for a final sale or with returns off. Frozen,
     * so a later change of setting never alters an order.
     */
    returnWindowDays: integer("return_window_days").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_payment_idx").on(t.paymentId),
    index("orders_purchaser_idx").on(t.purchaserId, t.timestamp.desc()),
    index("orders_artwork_idx").on(t.artworkId),
    index("orders_artist_idx").on(t.artistId, t.timestamp.desc()),
    index("orders_status_idx").on(t.status, t.timestamp.desc()),
    // The order timers' queries (orders.timers.ts): each kind, oldest deadline first.
    index("orders_ship_by_idx").on(t.status, t.shipBy),
    index("orders_shipped_at_idx").on(t.status, t.shippedAt),
    index("orders_delivered_at_idx").on(t.status, t.deliveredAt),
    check(
      "orders_status_check",
      sql`${t.status} in ('paid', 'shipped', 'delivered', 'completed', 'problem_reported', 'cancelled', 'refunded', 'partially_refunded', 'return_requested', 'return_accepted', 'return_shipped')`,
    ),
    check(
      "orders_money_check",
      sql`${t.commissionBps} between 0 and 10000 and ${t.commissionAmount} >= 0 and ${t.artistNet} >= 0 and ${t.commissionAmount} + ${t.artistNet} = ${t.preTaxAmount}`,
    ),
  ],
);

export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The simulated card processor's own ledger (server/adapters/payments): one row per
 * payment it was asked to authorize. It lives in the database so that every app
 * process sees the same payments and they survive restarts, as a real processor's would.
 */
export const simulatedPayments = pgTable(
  "simulated_payments",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("created"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    /**
     * No longer written: charges are the platform's and artists are paid by separate
     * transfers (decision 0029, `simulated_transfers`). Kept for rows made before.
     */
    transferDestination: text("transfer_destination"),
    declineMessage: text("decline_message"),
    /** Every capture request received, so tests and audits can see a double capture attempt. */
    captureRequests: integer("capture_requests").notNull().default(0),
    /** When it was captured: the processor's record the reconciliation reads by date. */
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("simulated_payments_idempotency_idx").on(t.idempotencyKey),
    index("simulated_payments_captured_idx").on(t.capturedAt),
  ],
);

/** Refunds the simulated processor made (full or partial), idempotent by key. */
export const simulatedRefunds = pgTable(
  "simulated_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => simulatedPayments.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("simulated_refunds_idempotency_idx").on(t.idempotencyKey),
    index("simulated_refunds_payment_idx").on(t.paymentId),
    index("simulated_refunds_created_idx").on(t.createdAt),
    check("simulated_refunds_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Transfers to artists the simulated payout provider made, and what was taken back. */
export const simulatedTransfers = pgTable(
  "simulated_transfers",
  {
    id: text("id").primaryKey(),
    destination: text("destination").notNull(),
    /** Positive: paid to the artist; negative: a reversal of `reverses`. */
    amount: integer("amount").notNull(),
    reverses: text("reverses"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("simulated_transfers_idempotency_idx").on(t.idempotencyKey),
    index("simulated_transfers_created_idx").on(t.createdAt),
  ],
);
