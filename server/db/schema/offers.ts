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
import type { DeclineReason, OfferActor, OfferParty, OfferStatus } from "../../../domain/offers";
import { type ShippingAddress, users } from "./auth";
import { artworks } from "./artworks";
import { orders, payments } from "./commerce";

/**
 * Offers on a work (decision 0030). The amount on the table is `amountCents`;
 * the buyer's card authorization for it (amount plus tax) is `paymentId`, a payments row
 * whose `offer_id` is this offer, so a buyer move with a new amount makes a new payment.
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "restrict" }),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /**
     * The buyer's account: the signed-in buyer's, or a guest's own new account. Null while a
     * guest's offer is not attached: its e-mail's account is attached only when that
     * account's owner confirms from the e-mailed link (decision 0042).
     */
    buyerId: uuid("buyer_id").references(() => users.id, { onDelete: "restrict" }),
    buyerEmail: text("buyer_email").notNull(),
    buyerName: text("buyer_name").notNull().default(""),
    status: text("status").$type<OfferStatus>().notNull(),
    awaiting: text("awaiting").$type<OfferParty>().notNull().default("artist"),
    rounds: integer("rounds").notNull().default(1),
    /** The amount on the table (whole dollars, in cents), before tax. */
    amountCents: integer("amount_cents").notNull(),
    /** The buyer's note to the artist with the first offer. */
    note: text("note").notNull().default(""),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    /** The buyer's authorization that backs the amount on the table (or the last one). */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastMoveAt: timestamp("last_move_at", { withTimezone: true }).notNull(),
    declineReason: text("decline_reason").$type<DeclineReason>(),
    declineMessage: text("decline_message"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** Whether the guest's account was found or made with the offer (the page's message). */
    guestAccount: text("guest_account").$type<"created" | "matched">(),
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open offer per buyer and work; closed ones may be many.
    uniqueIndex("offers_one_open_idx")
      .on(t.artworkId, t.buyerId)
      .where(sql`${t.status} = 'open'`),
    // The same for a guest's offers, which have no buyer_id: one open offer per e-mail.
    uniqueIndex("offers_one_open_guest_idx")
      .on(t.artworkId, sql`lower(${t.buyerEmail})`)
      .where(sql`${t.status} = 'open' and ${t.buyerId} is null`),
    index("offers_artwork_idx").on(t.artworkId, t.status),
    index("offers_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    index("offers_artist_idx").on(t.artistId, t.createdAt.desc()),
    index("offers_expiry_idx").on(t.status, t.expiresAt),
    check(
      "offers_status_check",
      sql`${t.status} in ('awaiting_card', 'open', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed')`,
    ),
    check("offers_amount_check", sql`${t.amountCents} > 0 and ${t.amountCents} % 100 = 0`),
    check("offers_rounds_check", sql`${t.rounds} between 1 and 3`),
  ],
);

/** Every move on an offer, in order: its history on the offer page. */
export const offerEvents = pgTable(
  "offer_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    actor: text("actor").$type<OfferActor>().notNull(),
    /** made, countered, accepted, declined, withdrawn, expired, lapsed, closed */
    kind: text("kind").notNull(),
    amountCents: integer("amount_cents"),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("offer_events_offer_idx").on(t.offerId, t.createdAt)],
);
