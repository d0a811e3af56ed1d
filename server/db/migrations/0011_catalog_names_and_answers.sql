ALTER TABLE "artist_applications" ADD COLUMN "answer" text;--> statement-breakpoint
CREATE UNIQUE INDEX "art_categories_lower_name_idx" ON "art_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cities_lower_name_idx" ON "cities" USING btree (lower("name"));