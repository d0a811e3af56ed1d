ALTER TABLE "payments" ADD COLUMN "client_secret_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_client_secret_idx" ON "payments" USING btree ("client_secret_hash");