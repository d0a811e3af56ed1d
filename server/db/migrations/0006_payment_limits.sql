ALTER TABLE "payments" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "payments_purchaser_email_idx" ON "payments" USING btree ("purchaser_email","status");--> statement-breakpoint
CREATE INDEX "payments_client_ip_idx" ON "payments" USING btree ("client_ip","created_at");