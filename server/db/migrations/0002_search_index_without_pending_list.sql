-- The full-text index without a pending list (fastupdate off): PGlite has no
-- autovacuum to merge one, so each text search also scanned up to 4 MB of unsorted
-- entries. Rebuilt, so no entries are left pending. See docs/performance.md.
DROP INDEX "artworks_search_idx";--> statement-breakpoint
CREATE INDEX "artworks_search_idx" ON "artworks" USING gin ("search_vector") WITH (fastupdate=false);