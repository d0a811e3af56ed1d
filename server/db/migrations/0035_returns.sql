-- Returns (decision 0055): the operator's return window, a work sold as final sale, the
-- window frozen on each order, the return states, the return itself and its photos.
ALTER TABLE "platform_settings" ADD COLUMN "return_window_days" integer;
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_return_window_check" CHECK ("platform_settings"."return_window_days" is null or "platform_settings"."return_window_days" between 0 and 365);
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Orders sold before returns existed were sold without them: 0 days.
ALTER TABLE "orders" ADD COLUMN "return_window_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('paid', 'shipped', 'delivered', 'completed', 'problem_reported', 'cancelled', 'refunded', 'partially_refunded', 'return_requested', 'return_accepted', 'return_shipped'));
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"from_status" text NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone,
	"decision" text,
	"decided_by_role" text,
	"decided_at" timestamp with time zone,
	"refusal_reason" text,
	"return_address" text,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"arrival_deemed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_decision_check" CHECK ("decision" is null or "decision" in ('accepted', 'refused'))
);
--> statement-breakpoint
-- One return per order: a double submit or two servers at once make one request.
CREATE UNIQUE INDEX "order_returns_order_idx" ON "order_returns" ("order_id");
--> statement-breakpoint
CREATE INDEX "order_returns_requested_idx" ON "order_returns" ("requested_at") WHERE "decision" is null and "escalated_at" is null;
--> statement-breakpoint
CREATE INDEX "order_returns_shipped_idx" ON "order_returns" ("shipped_at") WHERE "shipped_at" is not null and "arrived_at" is null;
--> statement-breakpoint
CREATE TABLE "return_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"return_id" uuid REFERENCES "order_returns"("id") ON DELETE cascade,
	"position" integer DEFAULT 0 NOT NULL,
	"original_key" text NOT NULL,
	"medium_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"original" text NOT NULL,
	"medium" text NOT NULL,
	"thumbnail" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "return_images_return_idx" ON "return_images" ("return_id","position");
--> statement-breakpoint
CREATE INDEX "return_images_uploader_idx" ON "return_images" ("uploader_id","created_at");
