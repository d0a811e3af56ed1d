CREATE TABLE "artist_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"instagram_handle" text,
	"website_url" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"team_message" text,
	CONSTRAINT "artist_applications_state_check" CHECK ("artist_applications"."state" in ('waiting', 'info_requested', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_city_id_cities_id_fk";
--> statement-breakpoint
-- Decision 0027: four payout statuses; anything else (or none yet) reads as none.
UPDATE "users" SET "payout_status" = 'none'
  WHERE "payout_status" IS NULL OR "payout_status" NOT IN ('none', 'pending', 'active', 'restricted');--> statement-breakpoint
UPDATE "users" SET "role" = 'user' WHERE "role" NOT IN ('user', 'admin');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "payout_status" SET DEFAULT 'none';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "payout_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_bank_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "artist_applications" ADD CONSTRAINT "artist_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_applications" ADD CONSTRAINT "artist_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_applications_state_idx" ON "artist_applications" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "artist_applications_user_idx" ON "artist_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "artist_applications_one_open_idx" ON "artist_applications" USING btree ("user_id") WHERE "artist_applications"."state" in ('waiting', 'info_requested');--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Keep the newest active banner active (the one the home page read), the others off.
UPDATE "banners" SET "is_active" = false WHERE "is_active" AND "id" <> (
  SELECT "id" FROM "banners" WHERE "is_active" ORDER BY "created_at" DESC, "id" LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "banners_one_active_idx" ON "banners" USING btree ("is_active") WHERE "banners"."is_active";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payout_status_check" CHECK ("users"."payout_status" in ('none', 'pending', 'active', 'restricted'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'));