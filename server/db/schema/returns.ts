import { sql } from "drizzle-orm";
import {
  boolean,
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
import { storedImageColumns } from "./uploads";

export const RETURN_DECISIONS = ["accepted", "refused"] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

/**
 * A buyer's return of a delivered work (decision 0055): at most one per order (the
 * unique index makes a double submit or two servers at once one request). The order's
 * status says where it stands; this row keeps what was said and when each step was made.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The order's state when the return was asked for: where a refusal sends it back. */
    fromStatus: text("from_status").$type<OrderStatus>().notNull(),
    reason: text("reason").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** When the team was told the artist had not answered (the 3-day timer). */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    decision: text("decision").$type<ReturnDecision>(),
    decidedByRole: text("decided_by_role").$type<OrderActorRole>(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    refusalReason: text("refusal_reason"),
    /** Where the buyer sends the work back, given when the return is accepted. */
    returnAddress: text("return_address"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** Confirmed by the artist (or the team), or deemed 14 days after shipping. */
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    arrivalDeemed: boolean("arrival_deemed").notNull().default(false),
    /** The buyer did not send the work back within 14 days of the acceptance: it ended. */
    lapsedAt: timestamp("lapsed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_returns_order_idx").on(t.orderId),
    // The timers: requests awaiting the artist, returns on their way.
    index("order_returns_requested_idx")
      .on(t.requestedAt)
      .where(sql`${t.decision} is null and ${t.escalatedAt} is null`),
    index("order_returns_accepted_idx")
      .on(t.decidedAt)
      .where(sql`${t.decision} = 'accepted' and ${t.shippedAt} is null and ${t.lapsedAt} is null`),
    index("order_returns_shipped_idx")
      .on(t.shippedAt)
      .where(sql`${t.shippedAt} is not null and ${t.arrivedAt} is null`),
    check(
      "order_returns_decision_check",
      sql`${t.decision} is null or ${t.decision} in ('accepted', 'refused')`,
    ),
  ],
);

/**
 * A photo for a return request, through the image pipeline. Uploaded before the request
 * is sent; `returnId` is null until then. At most six per return.
 */
export const returnImages = pgTable(
  "return_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uploaderId: uuid("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    returnId: uuid("return_id").references(() => orderReturns.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    ...storedImageColumns(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("return_images_return_idx").on(t.returnId, t.position),
    index("return_images_uploader_idx").on(t.uploaderId, t.createdAt),
  ],
);
