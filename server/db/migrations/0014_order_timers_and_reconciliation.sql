ALTER TABLE "simulated_payments" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_ship_by_idx" ON "orders" USING btree ("status","ship_by");--> statement-breakpoint
CREATE INDEX "orders_shipped_at_idx" ON "orders" USING btree ("status","shipped_at");--> statement-breakpoint
CREATE INDEX "orders_delivered_at_idx" ON "orders" USING btree ("status","delivered_at");--> statement-breakpoint
CREATE INDEX "simulated_payments_captured_idx" ON "simulated_payments" USING btree ("captured_at");--> statement-breakpoint
CREATE INDEX "simulated_refunds_created_idx" ON "simulated_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "simulated_transfers_created_idx" ON "simulated_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_kind_created_idx" ON "ledger_entries" USING btree ("kind","created_at");--> statement-breakpoint
-- Payments captured before the column existed: the capture's time as well as it is known
-- (a refunded payment's updated_at is its refund's, so the first refund bounds it).
UPDATE "simulated_payments" SET "captured_at" = LEAST(
  "updated_at",
  COALESCE(
    (SELECT min("created_at") FROM "simulated_refunds" WHERE "simulated_refunds"."payment_id" = "simulated_payments"."id"),
    "updated_at"
  )
) WHERE "status" IN ('captured', 'refunded');
