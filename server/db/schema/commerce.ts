import {
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
  },
  (t) => [
    uniqueIndex("orders_payment_idx").on(t.paymentId),
    index("orders_purchaser_idx").on(t.purchaserId, t.timestamp.desc()),
    index("orders_artwork_idx").on(t.artworkId),
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
    transferDestination: text("transfer_destination"),
    declineMessage: text("decline_message"),
    /** Every capture request received, so tests and audits can see a double capture attempt. */
    captureRequests: integer("capture_requests").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("simulated_payments_idempotency_idx").on(t.idempotencyKey)],
);
