-- Issue 17, decision 0040: a featured search for a common word ("blue", one work in three)
-- collects its first 1,001 matches by walking the curated order. At 1,000,000 works that
-- walk visited about 3,300 works, each on a heap page of its own (the curated order is a
-- shuffle): 8 ms of a 25–40 ms search, and reading each match's categories out of its
-- keys (tsvector_to_array of some ten keys, then a filter) 7 ms more.
--
-- A work's categories are now a column of their own, kept by the trigger that keeps its
-- keys (0023), from the same read of its links: search_category_ids, sorted, '{}' for
-- none. And a partial index in the curated order carries, beside its key, every column a
-- text search reads while it walks (the words, the artist and their name, the price,
-- the categories and what "available" is made of), so the walk reads the index alone
-- and never the table. It holds the works that can be listed (not a draft, not hidden):
-- the search's conditions say the same, so the planner may use it.
ALTER TABLE artworks ADD COLUMN search_category_ids uuid[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_set_search_facets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  categories uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_counts_lock_artists(ARRAY[NEW.artist_id], false);
  END IF;
  categories := search_work_categories(NEW.id);
  NEW.search_category_ids := categories;
  NEW.search_facets := search_facet_keys(
    (SELECT city_id FROM users WHERE id = NEW.artist_id),
    categories, NEW.price_cents,
    search_work_available(NEW.is_for_sale, NEW.status, NEW.owner_id, NEW.artist_id));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- A write of the categories' column by hand recomputes it, as a write of the keys does.
DROP TRIGGER artworks_search_facets_trg ON artworks;
--> statement-breakpoint
CREATE TRIGGER artworks_search_facets_trg
  BEFORE INSERT OR UPDATE OF price_cents, is_for_sale, status, owner_id, artist_id, search_facets,
    search_category_ids
  ON artworks FOR EACH ROW EXECUTE FUNCTION artworks_set_search_facets();
--> statement-breakpoint
-- Every work's categories, through the trigger (as 0025 recomputed the keys); the counts'
-- update trigger, which would compare a million old and new rows to find that nothing
-- it counts changed, is off meanwhile. The words' and keys' index is dropped first and
-- made again after, as 0023 and 0025 did: the backfill writes a new version of every
-- work, and that index (fastupdate off) took each one's words and keys one by one (more
-- than nine minutes at 1,000,000 works before it was stopped, decision 0040).
DROP INDEX artworks_search_idx;
--> statement-breakpoint
ALTER TABLE artworks DISABLE TRIGGER search_counts_artworks_upd;
--> statement-breakpoint
UPDATE artworks SET search_facets = NULL;
--> statement-breakpoint
ALTER TABLE artworks ENABLE TRIGGER search_counts_artworks_upd;
--> statement-breakpoint
CREATE INDEX artworks_search_idx ON artworks USING gin (search_vector, search_facets)
  WITH (fastupdate = false);
--> statement-breakpoint
CREATE INDEX artworks_curated_walk_idx ON artworks
  (is_curated DESC NULLS LAST, random_order, id)
  INCLUDE (search_vector, artist_id, artist_display_name, price_cents, search_category_ids,
    is_for_sale, status, owner_id)
  WHERE status <> 'draft' AND hidden_at IS NULL;
--> statement-breakpoint
ANALYZE artworks;
