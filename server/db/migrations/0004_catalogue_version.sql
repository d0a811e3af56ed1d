-- A counter that changes whenever something the marketplace's facet counts depend
-- on changes: an artwork added or removed, its price, artist or status, its
-- categories, or an artist's city or payout status. The search keeps counts it has
-- computed under a version and reuses them until the version moves, so the home
-- page does not recount the whole catalogue on every visit (docs/performance.md).
-- It is a row, not a sequence: read in the same transaction as the counts, a row
-- is never newer than the data the counts saw. Kept out of the Drizzle schema, like
-- the triggers that keep it.
CREATE TABLE catalogue_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (true, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_version_bump() RETURNS trigger AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Once per statement for inserts and deletes (a bulk load bumps once), once per
-- changed row for updates, and only when a counted column really changed (for the
-- status: into or out of 'draft', which is what listing means): the checkout's
-- reservations and sales do not touch the counts.
CREATE TRIGGER artworks_catalogue_version_ins_del
  AFTER INSERT OR DELETE OR TRUNCATE ON artworks
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER artworks_catalogue_version_upd
  AFTER UPDATE OF price_cents, artist_id, status ON artworks
  FOR EACH ROW WHEN (
    OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.artist_id IS DISTINCT FROM NEW.artist_id
    OR (OLD.status = 'draft') IS DISTINCT FROM (NEW.status = 'draft')
  )
  EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER artwork_categories_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON artwork_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER users_catalogue_version
  AFTER UPDATE OF city_id, payout_status ON users
  FOR EACH ROW WHEN (
    OLD.city_id IS DISTINCT FROM NEW.city_id
    OR OLD.payout_status IS DISTINCT FROM NEW.payout_status
  )
  EXECUTE FUNCTION catalogue_version_bump();
