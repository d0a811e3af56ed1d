import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { cities } from "./catalog";

export const PAYOUT_STATUSES = ["none", "pending", "active", "restricted"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export type ShippingAddress = {
  line1: string;
  city: string;
  state: string;
  postal_code: string;
};

/**
 * The people of the marketplace. Better Auth reads and writes this table as its
 * `user` model: `name` is mapped to displayName, `image` to profilePhoto and
 * `updatedAt` to lastModified (see server/features/auth/better-auth.ts).
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    displayName: text("display_name").notNull().default(""),
    isArtist: boolean("is_artist").notNull().default(false),
    pendingOccupation: text("pending_occupation"),
    role: text("role").notNull().default("user"),
    instagramHandle: text("instagram_handle"),
    websiteURL: text("website_url"),
    bio: text("bio").notNull().default(""),
    birthYear: integer("birth_year"),
    location: text("location"),
    // Restrict: a city in use is not deleted (the console answers 409 first).
    cityId: uuid("city_id").references(() => cities.id, { onDelete: "restrict" }),
    profilePhoto: text("profile_photo"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    stripeId: text("stripe_id"),
    payoutAccountId: text("payout_account_id"),
    /** Decision 0027: none, pending, active or restricted; only active is listed (SPEC §6). */
    payoutStatus: text("payout_status").$type<PayoutStatus>().notNull().default("none"),
    /** The last four digits of the payout bank account, to show the artist; nothing more is kept. */
    payoutBankLast4: text("payout_bank_last4"),
    /** Set by the team (decision 0027): no sign-in, no sessions, works out of the marketplace. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    /** When the person closed their account (decision 0058): the row stays, anonymised. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** An IANA zone name, checked with Intl (decision 0043): the times in this person's e-mails. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Better Auth's two-factor plugin: true once an authenticator app is confirmed (decision 0057). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastModified: timestamp("last_modified", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("users_display_name_trgm_idx").using("gin", t.displayName.op("gin_trgm_ops")),
    index("users_city_idx").on(t.cityId),
    index("users_lower_email_idx").on(sql`lower(${t.email})`),
    check(
      "users_payout_status_check",
      sql`${t.payoutStatus} in ('none', 'pending', 'active', 'restricted')`,
    ),
    check("users_role_check", sql`${t.role} in ('user', 'admin')`),
    check("users_time_zone_check", sql`char_length(${t.timeZone}) BETWEEN 1 AND 64`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Better Auth's request counters, kept in the database so app servers stay stateless. */
export const rateLimits = pgTable("rate_limits", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Failed sign-ins, counted per e-mail to throttle password guessing (SPEC §8). */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_email_idx").on(t.email, t.createdAt)],
);
