import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { OrderActorRole, OrderStatus } from "../../../domain/orders";
import { users } from "./auth";
import { orders } from "./commerce";

/** Everything that happened to an order: who, when, from which state to which, and why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** Null for the system (a timer) and for a person who was since deleted. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role").$type<OrderActorRole>().notNull(),
    /** Null for the sale itself. */
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

export const LEDGER_KINDS = [
  /** The buyer's money taken (the order's total). */
  "capture",
  /** Of the capture: the sales tax collected. */
  "tax",
  /** Of the capture: the platform's fee. */
  "commission",
  /** Of the capture: what the artist earns. */
  "artist_net",
  /** Money given back to the buyer, and the parts it came out of. */
  "refund",
  "tax_refund",
  "commission_refund",
  "artist_net_refund",
  /** Paid to the artist, and taken back from them (a refund after the payout, a failed payout). */
  "payout",
  "payout_reversal",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The money movements of every order, append-only (a trigger refuses UPDATE, DELETE
 * and TRUNCATE): every balance shown is a sum over these rows, never a stored number.
 * Amounts are positive cents; the kind says which way the money went.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind").$type<LedgerKind>().notNull(),
    amount: integer("amount").notNull(),
    refundId: uuid("refund_id"),
    payoutId: uuid("payout_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_order_idx").on(t.orderId),
    index("ledger_entries_artist_idx").on(t.artistId, t.kind),
    index("ledger_entries_created_idx").on(t.createdAt),
    // The reconciliation reads captures and refunds by date (reconciliation.repository.ts).
    index("ledger_entries_kind_created_idx").on(t.kind, t.createdAt),
    // The capture's four rows are written once per order; a refund's and a payout's once each.
    uniqueIndex("ledger_entries_capture_idx")
      .on(t.orderId, t.kind)
      .where(sql`${t.refundId} is null and ${t.payoutId} is null`),
    uniqueIndex("ledger_entries_refund_idx")
      .on(t.refundId, t.kind)
      .where(sql`${t.refundId} is not null`),
    uniqueIndex("ledger_entries_payout_idx")
      .on(t.payoutId, t.orderId, t.kind)
      .where(sql`${t.payoutId} is not null`),
    check("ledger_entries_amount_check", sql`${t.amount} > 0`),
    check(
      "ledger_entries_kind_check",
      sql`${t.kind} in ('capture', 'tax', 'commission', 'artist_net', 'refund', 'tax_refund', 'commission_refund', 'artist_net_refund', 'payout', 'payout_reversal')`,
    ),
  ],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund asked of the processor. Written (pending) under the order's lock before the
 * processor is called, so two refunds at once can never give back more than was taken;
 * a pending one left by a crash is finished by the order timers.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    failureMessage: text("failure_message"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedByRole: text("requested_by_role").$type<OrderActorRole>().notNull(),
    /** The move the refund makes when it succeeds (refund_full, refund_partial, cancel…). */
    move: text("move").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_status_idx").on(t.status, t.createdAt),
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

export const ARTIST_PAYOUT_STATUSES = ["pending", "paid", "failed"] as const;
export type ArtistPayoutStatus = (typeof ARTIST_PAYOUT_STATUSES)[number];

/**
 * One payment to an artist of their payable balance (one per artist per payout run), or,
 * with `reverses`, money taken back from them: an artist who owes (a refund after their
 * payout) has it reversed from a transfer they were paid. `pending` until the provider
 * has made it, then `paid` (made, either way) or `failed`.
 */
export const artistPayouts = pgTable(
  "artist_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Positive cents: paid to the artist, or taken back when `reverses` is set. */
    amount: integer("amount").notNull(),
    /** The paid payout whose transfer this reversal takes money back from. */
    reverses: uuid("reverses").references((): AnyPgColumn => artistPayouts.id, {
      onDelete: "restrict",
    }),
    status: text("status").$type<ArtistPayoutStatus>().notNull().default("pending"),
    provider: text("provider").notNull(),
    destination: text("destination").notNull(),
    providerReference: text("provider_reference"),
    failureMessage: text("failure_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("artist_payouts_artist_idx").on(t.artistId, t.createdAt.desc()),
    index("artist_payouts_status_idx").on(t.status, t.createdAt),
    index("artist_payouts_reverses_idx").on(t.reverses),
    check("artist_payouts_amount_check", sql`${t.amount} > 0`),
    check("artist_payouts_status_check", sql`${t.status} in ('pending', 'paid', 'failed')`),
  ],
);

/** The marketplace's settings the team edits in the console: one row (id 1), made on first edit. */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Null: the server's configured default (COMMISSION_BPS). */
    commissionBps: integer("commission_bps"),
    /** Null: the default return window (14 days, decision 0055); 0 turns returns off. */
    returnWindowDays: integer("return_window_days"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("platform_settings_one_row", sql`${t.id} = 1`),
    check(
      "platform_settings_commission_check",
      sql`${t.commissionBps} is null or ${t.commissionBps} between 0 and 10000`,
    ),
    check(
      "platform_settings_return_window_check",
      sql`${t.returnWindowDays} is null or ${t.returnWindowDays} between 0 and 365`,
    ),
  ],
);
