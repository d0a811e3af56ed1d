-- Data rights (decision 0058): a person's data exports, built in the background, and the
-- moment an account was closed (the row is kept, anonymised, for the orders and ledger).
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"storage_key" text,
	"size_bytes" bigint,
	"failure" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status_check" CHECK ("status" in ('queued', 'building', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_progress_check" CHECK ("progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
-- One export in the making per person: a double submit or a second server finds it.
CREATE UNIQUE INDEX "data_exports_one_pending_idx" ON "data_exports" ("user_id") WHERE "status" in ('queued', 'building');
--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" ("user_id","requested_at");
--> statement-breakpoint
CREATE INDEX "data_exports_claim_idx" ON "data_exports" ("status","requested_at");
--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" ("expires_at") WHERE "status" = 'ready';
