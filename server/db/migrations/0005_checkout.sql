CREATE TABLE "simulated_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"metadata" jsonb NOT NULL,
	"transfer_destination" text,
	"decline_message" text,
	"capture_requests" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "reserved_by_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purchaser_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "guest_account" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_message" text;--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payments_idempotency_idx" ON "simulated_payments" USING btree ("idempotency_key");