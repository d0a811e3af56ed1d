CREATE TABLE "simulated_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_refunds_amount_check" CHECK ("simulated_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "simulated_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"amount" integer NOT NULL,
	"reverses" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artist_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"destination" text NOT NULL,
	"provider_reference" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_payouts_amount_check" CHECK ("artist_payouts"."amount" > 0),
	CONSTRAINT "artist_payouts_status_check" CHECK ("artist_payouts"."status" in ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"refund_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('capture', 'tax', 'commission', 'artist_net', 'refund', 'tax_refund', 'commission_refund', 'artist_net_refund', 'payout', 'payout_reversal'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_bps" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id" = 1),
	CONSTRAINT "platform_settings_commission_check" CHECK ("platform_settings"."commission_bps" is null or "platform_settings"."commission_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_message" text,
	"requested_by" uuid,
	"requested_by_role" text NOT NULL,
	"move" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "artist_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "artist_net" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pick_up_zip_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "problem_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "problem_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "problem_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Orders from before order tracking (issue 14): settled as completed, with no commission
-- and no ledger rows (their money moved before the ledger existed; decision 0029).
UPDATE "orders" SET
  "artist_id" = (SELECT "artist_id" FROM "artworks" WHERE "artworks"."id" = "orders"."artwork_id"),
  "status" = 'completed',
  "commission_bps" = 0,
  "commission_amount" = 0,
  "artist_net" = "pre_tax_amount",
  "ship_by" = "timestamp" + interval '7 days',
  "completed_at" = now();--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "actor_role", "from_status", "to_status", "note")
  SELECT "id", 'system', NULL, 'completed', 'Sold before orders were tracked.' FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "artist_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "commission_bps" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "commission_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "artist_net" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "ship_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "simulated_refunds" ADD CONSTRAINT "simulated_refunds_payment_id_simulated_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."simulated_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_payouts" ADD CONSTRAINT "artist_payouts_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_refunds_idempotency_idx" ON "simulated_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "simulated_refunds_payment_idx" ON "simulated_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_transfers_idempotency_idx" ON "simulated_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "artist_payouts_artist_idx" ON "artist_payouts" USING btree ("artist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "artist_payouts_status_idx" ON "artist_payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_artist_idx" ON "ledger_entries" USING btree ("artist_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_capture_idx" ON "ledger_entries" USING btree ("order_id","kind") WHERE "ledger_entries"."refund_id" is null and "ledger_entries"."payout_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_idx" ON "ledger_entries" USING btree ("refund_id","kind") WHERE "ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id","order_id","kind") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_artist_idx" ON "orders" USING btree ("artist_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","timestamp" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('paid', 'shipped', 'delivered', 'completed', 'problem_reported', 'cancelled', 'refunded', 'partially_refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."commission_bps" between 0 and 10000 and "orders"."commission_amount" >= 0 and "orders"."artist_net" >= 0 and "orders"."commission_amount" + "orders"."artist_net" = "orders"."pre_tax_amount");--> statement-breakpoint
-- The ledger and the order history are append-only (decision 0029).
CREATE OR REPLACE FUNCTION money_rows_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_delete BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION money_rows_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_append_only();--> statement-breakpoint
CREATE TRIGGER order_events_no_update_delete BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION money_rows_append_only();--> statement-breakpoint
CREATE TRIGGER order_events_no_truncate BEFORE TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_append_only();
