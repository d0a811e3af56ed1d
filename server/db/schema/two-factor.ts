import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Two-step verification (decision 0057): Better Auth's two-factor plugin reads and writes
 * this table as its `twoFactor` model. One row per person (unique): the authenticator
 * app's secret and the backup codes, both encrypted with the session secret by the
 * library; `verified` turns true once the person confirmed a code from the app. The
 * failure count and lock are the library's limit on wrong codes per account.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    verified: boolean("verified").notNull().default(false),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("two_factors_secret_idx").on(t.secret)],
);
