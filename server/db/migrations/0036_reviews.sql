-- Reviews of artists by buyers of completed orders (decision 0056): one per order, the
-- artist's one reply, the team's hiding, and people's reports of a review (one each).
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"artist_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"artwork_id" uuid REFERENCES "artworks"("id") ON DELETE set null,
	"artwork_title" text NOT NULL,
	"artwork_thumbnail" text,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"hidden_reason" text,
	CONSTRAINT "reviews_rating_check" CHECK ("rating" between 1 and 5),
	CONSTRAINT "reviews_reply_check" CHECK (("reply" is null) = ("replied_at" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_idx" ON "reviews" ("order_id");
--> statement-breakpoint
CREATE INDEX "reviews_artist_visible_idx" ON "reviews" ("artist_id","created_at" DESC) WHERE "hidden_at" is null;
--> statement-breakpoint
CREATE INDEX "reviews_buyer_idx" ON "reviews" ("buyer_id");
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL REFERENCES "reviews"("id") ON DELETE cascade,
	"reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_status_check" CHECK ("status" in ('open', 'dismissed', 'hidden'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_once_idx" ON "review_reports" ("review_id","reporter_id");
--> statement-breakpoint
CREATE INDEX "review_reports_status_idx" ON "review_reports" ("status","created_at");
--> statement-breakpoint
-- The artist profile shows reviews to visitors from the page cache (decision 0033): a
-- review, an edit, a reply or a hiding moves the page content version like any other
-- change a visitor's page shows. Reports are not shown, so they do not move it.
CREATE TRIGGER "reviews_page_version_ins" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump();
--> statement-breakpoint
CREATE TRIGGER "reviews_page_version_upd" AFTER UPDATE ON "reviews" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump();
--> statement-breakpoint
CREATE TRIGGER "reviews_page_version_del" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump();
--> statement-breakpoint
CREATE TRIGGER "reviews_page_version_trunc" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump_all();
