-- Returns (decision 0055): an accepted return the buyer did not send back within 14 days
-- lapses; when, and the timer's index of accepted returns awaiting their shipment.
ALTER TABLE "order_returns" ADD COLUMN "lapsed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "order_returns_accepted_idx" ON "order_returns" ("decided_at") WHERE "decision" = 'accepted' and "shipped_at" is null and "lapsed_at" is null;
