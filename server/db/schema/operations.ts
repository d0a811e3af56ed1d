import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { storedImageColumns } from "./uploads";

export const APPLICATION_STATES = ["waiting", "info_requested", "approved", "declined"] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/**
 * Artist applications (decision 0027): one row per application, so a person who was
 * declined and applies again keeps the history. At most one is open (waiting or
 * info_requested) per person. A sign-up as an artist applicant writes its row in the
 * same statement as the user (a trigger, migration 0010).
 */
export const artistApplications = pgTable(
  "artist_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state").$type<ApplicationState>().notNull().default("waiting"),
    /** What the applicant gave with this application (the profile may change later). */
    instagramHandle: text("instagram_handle"),
    websiteURL: text("website_url"),
    /** The applicant's own words, as sent with the application. */
    note: text("note").notNull().default(""),
    /** The applicant's answer to the team's request for information (`teamMessage`). */
    answer: text("answer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The decline reason or the request-for-information message, as sent. */
    teamMessage: text("team_message"),
  },
  (t) => [
    index("artist_applications_state_idx").on(t.state, t.createdAt.desc()),
    index("artist_applications_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("artist_applications_one_open_idx")
      .on(t.userId)
      .where(sql`${t.state} in ('waiting', 'info_requested')`),
    check(
      "artist_applications_state_check",
      sql`${t.state} in ('waiting', 'info_requested', 'approved', 'declined')`,
    ),
  ],
);

/**
 * Pictures of an applicant's work, at most 6 a person (the service keeps the limit),
 * made by the image pipeline like an artwork's: the stored files' keys (to delete them)
 * and addresses. They belong to the person, so an application made again shows them too.
 */
export const applicationImages = pgTable(
  "application_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...storedImageColumns(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_images_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Every console action (decision 0027), written in the same transaction as the action.
 * Insert-only: a trigger (migration 0010) refuses UPDATE and DELETE, and no route
 * changes it. No foreign key on the actor: nothing may rewrite a row.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id"),
    /** The actor's e-mail as it was, so the row reads the same after any change. */
    actorEmail: text("actor_email").notNull().default(""),
    /** e.g. "application.approve", "user.suspend", "artwork.hide", "banner.activate". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_created_idx").on(t.createdAt.desc()),
    index("audit_events_target_idx").on(t.targetType, t.targetId, t.createdAt.desc()),
    index("audit_events_actor_idx").on(t.actorId, t.createdAt.desc()),
    index("audit_events_action_idx").on(t.action, t.createdAt.desc()),
  ],
);
