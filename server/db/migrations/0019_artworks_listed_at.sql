-- Issue 16: when a work last entered the marketplace, for the alert digest's "newly
-- listed". Existing works were listed when they were made.
ALTER TABLE "artworks" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "artworks" SET "listed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "artworks_listed_at_idx" ON "artworks" USING btree ("listed_at");--> statement-breakpoint
-- On insert, the creation time (a caller may give its own, as tests and the demo do). On
-- update, now, whenever the work itself comes (back) in: out of draft, unhidden by the
-- team, or back on sale (a sale cancelled and relisted, or the artist's For Sale toggle).
CREATE OR REPLACE FUNCTION artworks_set_listed_at() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.listed_at := coalesce(NEW.listed_at, NEW.created_at, now());
  ELSIF (OLD.status = 'draft' AND NEW.status <> 'draft')
     OR (OLD.hidden_at IS NOT NULL AND NEW.hidden_at IS NULL)
     OR (NOT OLD.is_for_sale AND NEW.is_for_sale) THEN
    NEW.listed_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_listed_at_trg
  BEFORE INSERT OR UPDATE OF status, hidden_at, is_for_sale ON artworks
  FOR EACH ROW EXECUTE FUNCTION artworks_set_listed_at();
--> statement-breakpoint
-- An artist who becomes listed (payouts active and not suspended, after not being so)
-- brings all their works into the marketplace at once: they are newly listed now.
CREATE OR REPLACE FUNCTION users_relist_artworks() RETURNS trigger AS $$
BEGIN
  UPDATE artworks SET listed_at = now() WHERE artist_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_relist_artworks_trg
  AFTER UPDATE OF payout_status, suspended_at ON users
  FOR EACH ROW WHEN (
    NEW.payout_status = 'active' AND NEW.suspended_at IS NULL
    AND NOT (OLD.payout_status = 'active' AND OLD.suspended_at IS NULL)
  )
  EXECUTE FUNCTION users_relist_artworks();
