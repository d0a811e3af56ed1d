import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { artworks } from "./artworks";
import { users } from "./auth";
import type { ListingReportReason } from "../../../contracts/listing-reports.contract";

export const LISTING_OUTCOMES = ["kept", "taken_down"] as const;
export type ListingOutcome = (typeof LISTING_OUTCOMES)[number];

export const LISTING_REPORT_STATUSES = ["open", ...LISTING_OUTCOMES] as const;
export type ListingReportStatus = (typeof LISTING_REPORT_STATUSES)[number];

export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/**
 * The team's decision on a listing's open reports, with the statement of reasons it
 * sends, and the artist's one appeal of a take-down with the team's answer.
 */
export const listingDecisions = pgTable(
  "listing_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "cascade" }),
    outcome: text("outcome").$type<ListingOutcome>().notNull(),
    ground: text("ground").notNull(),
    explanation: text("explanation").notNull(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    appeal: text("appeal"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    appealOutcome: text("appeal_outcome").$type<AppealOutcome>(),
    appealExplanation: text("appeal_explanation"),
    appealDecidedBy: uuid("appeal_decided_by").references(() => users.id, {
      onDelete: "set null",
    }),
    appealDecidedAt: timestamp("appeal_decided_at", { withTimezone: true }),
  },
  (t) => [
    index("listing_decisions_artwork_idx").on(t.artworkId, t.decidedAt),
    index("listing_decisions_open_appeal_idx")
      .on(t.appealedAt)
      .where(sql`${t.appealedAt} is not null and ${t.appealDecidedAt} is null`),
    check("listing_decisions_outcome_check", sql`${t.outcome} in ('kept', 'taken_down')`),
    check(
      "listing_decisions_appeal_outcome_check",
      sql`${t.appealOutcome} in ('upheld', 'reversed')`,
    ),
    check(
      "listing_decisions_appeal_check",
      sql`${t.appealedAt} is null or ${t.outcome} = 'taken_down'`,
    ),
    check(
      "listing_decisions_appeal_order_check",
      sql`${t.appealDecidedAt} is null or ${t.appealedAt} is not null`,
    ),
  ],
);

/** A report of a listing, by a signed-in person or a guest's e-mail address. */
export const listingReports = pgTable(
  "listing_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    /** Lower-cased: one open report per address and listing. */
    reporterEmail: text("reporter_email").notNull(),
    reason: text("reason").$type<ListingReportReason>().notNull(),
    explanation: text("explanation").notNull(),
    status: text("status").$type<ListingReportStatus>().notNull().default("open"),
    decisionId: uuid("decision_id").references(() => listingDecisions.id, {
      onDelete: "set null",
    }),
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listing_reports_status_idx").on(t.status, t.createdAt),
    index("listing_reports_artwork_idx").on(t.artworkId, t.createdAt),
    index("listing_reports_client_idx")
      .on(t.clientIp, t.createdAt)
      .where(sql`${t.clientIp} is not null`),
    uniqueIndex("listing_reports_one_open_idx")
      .on(t.artworkId, t.reporterEmail)
      .where(sql`${t.status} = 'open'`),
    check(
      "listing_reports_reason_check",
      sql`${t.reason} in ('not_original', 'infringes_rights', 'prohibited', 'misleading', 'other')`,
    ),
    check("listing_reports_status_check", sql`${t.status} in ('open', 'kept', 'taken_down')`),
  ],
);
