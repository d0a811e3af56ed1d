-- Reports of listings and the team's decisions on them (decision 0059). A report is by a
-- signed-in person or by a guest's e-mail address; the team decides all the open reports
-- of a listing at once, and the artist may appeal a take-down once.
CREATE TABLE "listing_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL REFERENCES "artworks"("id") ON DELETE cascade,
	"outcome" text NOT NULL,
	"ground" text NOT NULL,
	"explanation" text NOT NULL,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"appeal" text,
	"appealed_at" timestamp with time zone,
	"appeal_outcome" text,
	"appeal_explanation" text,
	"appeal_decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"appeal_decided_at" timestamp with time zone,
	CONSTRAINT "listing_decisions_outcome_check" CHECK ("outcome" in ('kept', 'taken_down')),
	CONSTRAINT "listing_decisions_appeal_outcome_check" CHECK ("appeal_outcome" in ('upheld', 'reversed')),
	CONSTRAINT "listing_decisions_appeal_check" CHECK ("appealed_at" is null or "outcome" = 'taken_down'),
	CONSTRAINT "listing_decisions_appeal_order_check" CHECK ("appeal_decided_at" is null or "appealed_at" is not null)
);
--> statement-breakpoint
CREATE INDEX "listing_decisions_artwork_idx" ON "listing_decisions" ("artwork_id","decided_at");
--> statement-breakpoint
-- The console's queue of appeals waiting for an answer.
CREATE INDEX "listing_decisions_open_appeal_idx" ON "listing_decisions" ("appealed_at") WHERE "appealed_at" is not null and "appeal_decided_at" is null;
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL REFERENCES "artworks"("id") ON DELETE cascade,
	"reporter_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"reporter_email" text NOT NULL,
	"reason" text NOT NULL,
	"explanation" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_id" uuid REFERENCES "listing_decisions"("id") ON DELETE set null,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reports_reason_check" CHECK ("reason" in ('not_original', 'infringes_rights', 'prohibited', 'misleading', 'other')),
	CONSTRAINT "listing_reports_status_check" CHECK ("status" in ('open', 'kept', 'taken_down'))
);
--> statement-breakpoint
CREATE INDEX "listing_reports_status_idx" ON "listing_reports" ("status","created_at");
--> statement-breakpoint
CREATE INDEX "listing_reports_artwork_idx" ON "listing_reports" ("artwork_id","created_at");
--> statement-breakpoint
-- The limit on guests' reports counts a network's reports of the last hour.
CREATE INDEX "listing_reports_client_idx" ON "listing_reports" ("client_ip","created_at") WHERE "client_ip" is not null;
--> statement-breakpoint
-- One open report per reporter (their address, lower-cased) and listing, whatever two
-- servers do at once.
CREATE UNIQUE INDEX "listing_reports_one_open_idx" ON "listing_reports" ("artwork_id","reporter_email") WHERE "status" = 'open';
