-- Issue 17, decision 0035: a text search with selective filters ("blue" with one city,
-- one category and one price range) had no index for both: the text index gave 300,000
-- matches of "blue", and the filters were tested on each of them (4.4 s at 1,000,000
-- works). Each work now carries its filters' keys as lexemes of a tsvector, kept by
-- triggers, and one GIN index holds both the words and the keys, so a search
-- intersects them in one index scan. The search keeps its exact SQL conditions beside
-- the keys (search.repository.ts): the keys narrow, the conditions decide.
--
-- The keys of a work: 'c' || its artist's city, 'g' || each of its categories,
-- 'p' || its price range (none without a price), 'av' when available. "Listed" is not a
-- key (nine works in ten are: it narrows nothing). Kept out of the Drizzle schema, like
-- search_counts; search-counts.integration.test.ts compares every work's keys with a
-- recomputation by the search's own definitions after random changes.
CREATE FUNCTION search_facet_keys(city uuid, categories uuid[], price integer, available boolean)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    array_remove(ARRAY['c' || city::text, 'p' || search_price_range(price)::text,
      CASE WHEN available THEN 'av' END], NULL)
    || array(SELECT 'g' || c::text FROM unnest(categories) c))
$$;
--> statement-breakpoint
DROP INDEX artworks_search_idx;
--> statement-breakpoint
ALTER TABLE artworks ADD COLUMN search_facets tsvector;
--> statement-breakpoint
-- 0020's check "did any counted column change?" joined the old and the new rows of the
-- statement: transition tables have no statistics, and a statement changing every work
-- (the links of a bulk load, now that they rewrite their works' keys) made it a nested
-- loop over a million rows twice. The same check as a set difference: linear.
CREATE OR REPLACE FUNCTION search_counts_artworks_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT o.id, o.status = 'draft', o.hidden_at IS NULL, o.artist_id,
      search_price_range(o.price_cents),
      search_work_available(o.is_for_sale, o.status, o.owner_id, o.artist_id)
    FROM old_works o
    EXCEPT
    SELECT n.id, n.status = 'draft', n.hidden_at IS NULL, n.artist_id,
      search_price_range(n.price_cents),
      search_work_available(n.is_for_sale, n.status, n.owner_id, n.artist_id)
    FROM new_works n
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM search_counts_lock_artists(
    array(SELECT artist_id FROM old_works UNION SELECT artist_id FROM new_works), false);
  INSERT INTO search_counts AS c (city_id, price_range, category_ids, available, n)
  SELECT u.city_id, search_price_range(w.price_cents), search_work_categories(w.id),
    search_work_available(w.is_for_sale, w.status, w.owner_id, w.artist_id), sum(w.d)
  FROM (
    SELECT id, artist_id, price_cents, is_for_sale, status, owner_id, hidden_at, -1 AS d FROM old_works
    UNION ALL
    SELECT id, artist_id, price_cents, is_for_sale, status, owner_id, hidden_at, 1 AS d FROM new_works
  ) w
  JOIN users u ON u.id = w.artist_id
  WHERE search_work_listed(w.status, w.hidden_at, u.payout_status, u.suspended_at)
  GROUP BY 1, 2, 3, 4 HAVING sum(w.d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT search_counts_cell DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The backfill changes nothing the counts of 0020 depend on: their update trigger, which
-- would compare a million old and new rows to find that out, is off for it.
ALTER TABLE artworks DISABLE TRIGGER search_counts_artworks_upd;
--> statement-breakpoint
UPDATE artworks a SET search_facets = search_facet_keys(u.city_id,
    search_work_categories(a.id), a.price_cents,
    search_work_available(a.is_for_sale, a.status, a.owner_id, a.artist_id))
  FROM users u WHERE u.id = a.artist_id;
--> statement-breakpoint
ALTER TABLE artworks ENABLE TRIGGER search_counts_artworks_upd;
--> statement-breakpoint
ALTER TABLE artworks ALTER COLUMN search_facets SET NOT NULL;
--> statement-breakpoint
-- One index for the words and the keys (GIN intersects the entries of both columns in
-- one scan); it serves a text search without filters as the old one did. Dropped before
-- the backfill, which would update it for every work, made after.
CREATE INDEX artworks_search_idx ON artworks USING gin (search_vector, search_facets)
  WITH (fastupdate = false);
--> statement-breakpoint
-- Every write of a key's column recomputes the keys, and so does any write of the keys
-- themselves: the triggers below set them to null and this computes them, so the keys
-- are computed in one place and cannot be written wrong by hand.
--
-- Two transactions at once: an update holds the work's row lock before this runs, so it
-- reads the categories and the city committed by whoever held the row before (each
-- statement of a trigger reads a fresh snapshot in READ COMMITTED). A new work has no row
-- to lock: it takes the artist's shared bucket lock (0020), which a city change holds
-- exclusively while it rewrites the artist's works.
CREATE FUNCTION artworks_set_search_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_counts_lock_artists(ARRAY[NEW.artist_id], false);
  END IF;
  NEW.search_facets := search_facet_keys(
    (SELECT city_id FROM users WHERE id = NEW.artist_id),
    search_work_categories(NEW.id), NEW.price_cents,
    search_work_available(NEW.is_for_sale, NEW.status, NEW.owner_id, NEW.artist_id));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER artworks_search_facets_trg
  BEFORE INSERT OR UPDATE OF price_cents, is_for_sale, status, owner_id, artist_id, search_facets
  ON artworks FOR EACH ROW EXECUTE FUNCTION artworks_set_search_facets();
--> statement-breakpoint
-- Links added, removed or changed: their works' keys are recomputed (a work deleted
-- with its links is gone and updates nothing).
CREATE FUNCTION search_facets_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE artworks SET search_facets = NULL
      WHERE id IN (SELECT artwork_id FROM new_links);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE artworks SET search_facets = NULL
      WHERE id IN (SELECT artwork_id FROM old_links);
  ELSE
    UPDATE artworks SET search_facets = NULL
      WHERE id IN (SELECT artwork_id FROM old_links UNION SELECT artwork_id FROM new_links);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_facets_links_ins
  AFTER INSERT ON artwork_categories REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION search_facets_links_changed();
--> statement-breakpoint
CREATE TRIGGER search_facets_links_del
  AFTER DELETE ON artwork_categories REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION search_facets_links_changed();
--> statement-breakpoint
CREATE TRIGGER search_facets_links_upd
  AFTER UPDATE ON artwork_categories REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION search_facets_links_changed();
--> statement-breakpoint
-- A TRUNCATE of the links fires no delete trigger: every work is recomputed.
CREATE FUNCTION search_facets_links_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE artworks SET search_facets = NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_facets_links_truncate
  AFTER TRUNCATE ON artwork_categories
  FOR EACH STATEMENT EXECUTE FUNCTION search_facets_links_truncated();
--> statement-breakpoint
-- An artist's new city: all their works' keys. Their rows are locked first (in id order),
-- then the artist's bucket exclusively (so a work being inserted for them commits
-- first), and only then are they rewritten, reading what is committed. Rows before the
-- bucket, as every writer of a work does (its row, then the shared bucket lock), so the
-- two never wait on each other crosswise; the trigger's name sorts it before
-- search_counts_users_upd (0020), which takes the bucket without the rows.
CREATE FUNCTION artist_search_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM artworks WHERE artist_id = NEW.id ORDER BY id FOR NO KEY UPDATE;
  PERFORM search_counts_lock_artists(ARRAY[NEW.id], true);
  UPDATE artworks SET search_facets = NULL WHERE artist_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER artist_search_facets_trg
  AFTER UPDATE OF city_id ON users
  FOR EACH ROW WHEN (OLD.city_id IS DISTINCT FROM NEW.city_id)
  EXECUTE FUNCTION artist_search_facets_changed();
--> statement-breakpoint
ANALYZE artworks;
