CREATE TABLE "offer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"awaiting" text DEFAULT 'artist' NOT NULL,
	"rounds" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"payment_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"last_move_at" timestamp with time zone NOT NULL,
	"decline_reason" text,
	"decline_message" text,
	"order_id" uuid,
	"guest_account" text,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('awaiting_card', 'open', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed')),
	CONSTRAINT "offers_amount_check" CHECK ("offers"."amount_cents" > 0 and "offers"."amount_cents" % 100 = 0),
	CONSTRAINT "offers_rounds_check" CHECK ("offers"."rounds" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "accepts_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "offer_minimum_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_idx" ON "offers" USING btree ("artwork_id","buyer_id") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_artwork_idx" ON "offers" USING btree ("artwork_id","status");--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_artist_idx" ON "offers" USING btree ("artist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_expiry_idx" ON "offers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payments_offer_idx" ON "payments" USING btree ("offer_id");