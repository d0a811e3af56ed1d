import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export const DATA_EXPORT_STATUSES = ["queued", "building", "ready", "failed", "expired"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * A person's "Download my data" (decision 0058): queued by the settings page, claimed and
 * built by the data-export timer under a lease (a crash leaves it building with a lapsed
 * lease, which the next run takes over), ready for 7 days, then its file is deleted.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<DataExportStatus>().notNull().default("queued"),
    /** Percent of the sections and images written, for the settings page. */
    progress: integer("progress").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    /** The builder holding the export: only it may record progress or the result. */
    leaseToken: uuid("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Under the storage's private prefix; a new random name for every attempt. */
    storageKey: text("storage_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** Why it failed, in words for the person. */
    failure: text("failure"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("data_exports_one_pending_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'building')`),
    index("data_exports_user_idx").on(t.userId, t.requestedAt),
    index("data_exports_claim_idx").on(t.status, t.requestedAt),
    index("data_exports_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
    check(
      "data_exports_status_check",
      sql`${t.status} in ('queued', 'building', 'ready', 'failed', 'expired')`,
    ),
    check("data_exports_progress_check", sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);
