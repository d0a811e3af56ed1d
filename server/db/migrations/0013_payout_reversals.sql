ALTER TABLE "artist_payouts" ADD COLUMN "reverses" uuid;--> statement-breakpoint
ALTER TABLE "artist_payouts" ADD CONSTRAINT "artist_payouts_reverses_artist_payouts_id_fk" FOREIGN KEY ("reverses") REFERENCES "public"."artist_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_payouts_reverses_idx" ON "artist_payouts" USING btree ("reverses");