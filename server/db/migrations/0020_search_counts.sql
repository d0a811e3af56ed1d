-- Issue 17, decision 0032: the marketplace's counts without text, kept exactly by the
-- transactions that change the catalogue, so no search ever recounts the catalogue.
--
-- One row per cell: the listed works (listed.repository.ts) whose artist is in one city,
-- whose price is in one price range (null: no price), whose set of categories is one
-- sorted set (1–2 categories, or none; a set, so an "any of these categories" filter
-- counts a work once), and that are available or not (availability.repository.ts). The
-- total and the disjunctive facet counts of any filter combination are sums over cells
-- (search.repository.ts). Kept out of the Drizzle schema, like catalogue_version.
--
-- The definitions below (listed, available, price range) are the SQL of
-- listed.repository.ts, availability.repository.ts and domain/price-ranges.ts written
-- once more: server/features/search/search-counts.integration.test.ts compares the cells
-- with a full recount by the search's own SQL after random changes.
CREATE TABLE search_counts (
  city_id uuid,
  price_range smallint,
  category_ids uuid[] NOT NULL,
  available boolean NOT NULL,
  n bigint NOT NULL,
  CONSTRAINT search_counts_cell UNIQUE NULLS NOT DISTINCT (city_id, price_range, category_ids, available)
);
--> statement-breakpoint
CREATE FUNCTION search_price_range(price integer) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN price IS NULL THEN NULL
    WHEN price < 10000 THEN 0 WHEN price < 50000 THEN 1 WHEN price < 100000 THEN 2
    WHEN price < 500000 THEN 3 WHEN price < 1000000 THEN 4 ELSE 5 END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION search_work_listed(status text, hidden_at timestamptz, payout_status text, suspended_at timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT payout_status = 'active' AND suspended_at IS NULL AND status <> 'draft' AND hidden_at IS NULL
$$;
--> statement-breakpoint
CREATE FUNCTION search_work_available(is_for_sale boolean, status text, owner_id uuid, artist_id uuid)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(is_for_sale OR (status = 'not for sale' AND owner_id = artist_id), false)
$$;
--> statement-breakpoint
CREATE FUNCTION search_work_categories(work uuid) RETURNS uuid[]
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(category_id ORDER BY category_id), '{}'::uuid[])
  FROM artwork_categories WHERE artwork_id = work
$$;
--> statement-breakpoint
-- Two transactions at once. A cell depends on three tables, so a change to one must not
-- compute its cells from a row another transaction is changing:
-- - a change of an artist's city or listing (users trigger) takes an exclusive advisory
--   lock of the artist's bucket, and the artwork and link triggers a shared one, before
--   they read; each statement of a trigger then reads with a fresh snapshot (READ
--   COMMITTED), so whichever waits sees the other's committed change;
-- - a change of a work's categories locks the work's row (FOR NO KEY UPDATE), which an
--   update or delete of the work holds too.
-- Buckets (256) rather than one lock per artist keep a bulk load's locks few.
-- Deltas are applied in the order of the cell key, so two statements never wait on each
-- other's cells crosswise.
CREATE FUNCTION search_counts_lock_artists(artists uuid[], exclusive boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  bucket integer;
BEGIN
  FOR bucket IN SELECT DISTINCT hashtext(a::text) & 255 FROM unnest(artists) a ORDER BY 1 LOOP
    IF exclusive THEN
      PERFORM pg_advisory_xact_lock(20320, bucket);
    ELSE
      PERFORM pg_advisory_xact_lock_shared(20320, bucket);
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Every count recounted: the backfill below, and after a TRUNCATE.
CREATE FUNCTION search_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_counts;
  INSERT INTO search_counts (city_id, price_range, category_ids, available, n)
  SELECT u.city_id, search_price_range(a.price_cents), coalesce(l.category_ids, '{}'::uuid[]),
    search_work_available(a.is_for_sale, a.status, a.owner_id, a.artist_id), count(*)
  FROM artworks a
  JOIN users u ON u.id = a.artist_id
  LEFT JOIN (
    SELECT artwork_id, array_agg(category_id ORDER BY category_id) AS category_ids
    FROM artwork_categories GROUP BY artwork_id
  ) l ON l.artwork_id = a.id
  WHERE search_work_listed(a.status, a.hidden_at, u.payout_status, u.suspended_at)
  GROUP BY 1, 2, 3, 4;
END;
$$;
--> statement-breakpoint
-- New works count with no categories: their links can only come after them (the foreign
-- key), and the links' trigger moves them from there.
CREATE FUNCTION search_counts_artworks_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_counts_lock_artists(array(SELECT DISTINCT artist_id FROM new_works), false);
  INSERT INTO search_counts AS c (city_id, price_range, category_ids, available, n)
  SELECT u.city_id, search_price_range(w.price_cents), '{}'::uuid[],
    search_work_available(w.is_for_sale, w.status, w.owner_id, w.artist_id), count(*)
  FROM new_works w JOIN users u ON u.id = w.artist_id
  WHERE search_work_listed(w.status, w.hidden_at, u.payout_status, u.suspended_at)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT search_counts_cell DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_artworks_ins
  AFTER INSERT ON artworks REFERENCING NEW TABLE AS new_works
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_artworks_inserted();
--> statement-breakpoint
-- Every update of artworks runs this (a trigger with transition tables cannot name its
-- columns), so it leaves at once when no counted column changed: the checkout's
-- reservations, the relisting time, an unchanged save.
CREATE FUNCTION search_counts_artworks_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_works o JOIN new_works n ON n.id = o.id
    WHERE (o.status = 'draft') IS DISTINCT FROM (n.status = 'draft')
      OR (o.hidden_at IS NULL) IS DISTINCT FROM (n.hidden_at IS NULL)
      OR o.artist_id IS DISTINCT FROM n.artist_id
      OR search_price_range(o.price_cents) IS DISTINCT FROM search_price_range(n.price_cents)
      OR search_work_available(o.is_for_sale, o.status, o.owner_id, o.artist_id)
         IS DISTINCT FROM search_work_available(n.is_for_sale, n.status, n.owner_id, n.artist_id)
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
CREATE TRIGGER search_counts_artworks_upd
  AFTER UPDATE ON artworks REFERENCING OLD TABLE AS old_works NEW TABLE AS new_works
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_artworks_updated();
--> statement-breakpoint
-- Before the row goes: its links go after it (ON DELETE CASCADE), and the links' trigger
-- skips a work that is gone, so its cell is taken from here, links and all.
CREATE FUNCTION search_counts_artwork_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_counts_lock_artists(ARRAY[OLD.artist_id], false);
  INSERT INTO search_counts AS c (city_id, price_range, category_ids, available, n)
  SELECT u.city_id, search_price_range(OLD.price_cents), search_work_categories(OLD.id),
    search_work_available(OLD.is_for_sale, OLD.status, OLD.owner_id, OLD.artist_id), -1
  FROM users u
  WHERE u.id = OLD.artist_id
    AND search_work_listed(OLD.status, OLD.hidden_at, u.payout_status, u.suspended_at)
  ON CONFLICT ON CONSTRAINT search_counts_cell DO UPDATE SET n = c.n + excluded.n;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_artworks_del
  BEFORE DELETE ON artworks
  FOR EACH ROW EXECUTE FUNCTION search_counts_artwork_deleting();
--> statement-breakpoint
-- Links added (+1) and removed (-1), as parallel arrays: each work moves from the set it
-- had (its links now, less those added, plus those removed) to the set it has now.
CREATE FUNCTION search_counts_relink(works uuid[], categories uuid[], signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM artworks WHERE id = ANY (works) ORDER BY id FOR NO KEY UPDATE;
  PERFORM search_counts_lock_artists(
    array(SELECT DISTINCT artist_id FROM artworks WHERE id = ANY (works)), false);
  INSERT INTO search_counts AS c (city_id, price_range, category_ids, available, n)
  SELECT m.city_id, m.price_range, m.category_ids, m.available, sum(m.d)
  FROM (
    WITH net AS (
      SELECT t.work, t.category, sum(t.sign) AS sign
      FROM unnest(works, categories, signs) AS t(work, category, sign)
      GROUP BY 1, 2 HAVING sum(t.sign) <> 0
    ), per_work AS (
      SELECT work,
        coalesce(array_agg(category) FILTER (WHERE sign > 0), '{}'::uuid[]) AS added,
        coalesce(array_agg(category) FILTER (WHERE sign < 0), '{}'::uuid[]) AS removed
      FROM net GROUP BY work
    ), moved AS (
      SELECT p.added, p.removed, u.city_id, search_price_range(a.price_cents) AS price_range,
        search_work_available(a.is_for_sale, a.status, a.owner_id, a.artist_id) AS available,
        search_work_categories(a.id) AS now_set
      FROM per_work p
      JOIN artworks a ON a.id = p.work
      JOIN users u ON u.id = a.artist_id
      WHERE search_work_listed(a.status, a.hidden_at, u.payout_status, u.suspended_at)
    )
    SELECT city_id, price_range, now_set AS category_ids, available, 1 AS d FROM moved
    UNION ALL
    SELECT city_id, price_range,
      array(
        SELECT x FROM unnest(now_set) x WHERE NOT (x = ANY (added))
        UNION SELECT unnest(removed)
        ORDER BY 1
      ),
      available, -1
    FROM moved
  ) m
  GROUP BY 1, 2, 3, 4 HAVING sum(m.d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT search_counts_cell DO UPDATE SET n = c.n + excluded.n;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION search_counts_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  works uuid[];
  categories uuid[];
  signs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(artwork_id), array_agg(category_id), array_agg(1)
      INTO works, categories, signs FROM new_links;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(artwork_id), array_agg(category_id), array_agg(-1)
      INTO works, categories, signs FROM old_links;
  ELSE
    SELECT array_agg(artwork_id), array_agg(category_id), array_agg(sign)
      INTO works, categories, signs
      FROM (SELECT artwork_id, category_id, -1 AS sign FROM old_links
            UNION ALL SELECT artwork_id, category_id, 1 FROM new_links) changes;
  END IF;
  IF works IS NOT NULL THEN
    PERFORM search_counts_relink(works, categories, signs);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_links_ins
  AFTER INSERT ON artwork_categories REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_links_changed();
--> statement-breakpoint
CREATE TRIGGER search_counts_links_del
  AFTER DELETE ON artwork_categories REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_links_changed();
--> statement-breakpoint
CREATE TRIGGER search_counts_links_upd
  AFTER UPDATE ON artwork_categories REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_links_changed();
--> statement-breakpoint
-- An artist's city, or whether their works are listed (payouts active, not suspended):
-- all their works move.
CREATE FUNCTION search_counts_artist_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_counts_lock_artists(ARRAY[NEW.id], true);
  INSERT INTO search_counts AS c (city_id, price_range, category_ids, available, n)
  SELECT m.city_id, search_price_range(m.price_cents), search_work_categories(m.id),
    search_work_available(m.is_for_sale, m.status, m.owner_id, m.artist_id), sum(m.d)
  FROM (
    SELECT OLD.city_id AS city_id, a.id, a.price_cents, a.is_for_sale, a.status, a.owner_id,
      a.artist_id, -1 AS d
    FROM artworks a
    WHERE a.artist_id = OLD.id
      AND search_work_listed(a.status, a.hidden_at, OLD.payout_status, OLD.suspended_at)
    UNION ALL
    SELECT NEW.city_id, a.id, a.price_cents, a.is_for_sale, a.status, a.owner_id, a.artist_id, 1
    FROM artworks a
    WHERE a.artist_id = NEW.id
      AND search_work_listed(a.status, a.hidden_at, NEW.payout_status, NEW.suspended_at)
  ) m
  GROUP BY 1, 2, 3, 4 HAVING sum(m.d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT search_counts_cell DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_users_upd
  AFTER UPDATE OF city_id, payout_status, suspended_at ON users
  FOR EACH ROW WHEN (
    OLD.city_id IS DISTINCT FROM NEW.city_id
    OR (OLD.payout_status = 'active' AND OLD.suspended_at IS NULL)
       IS DISTINCT FROM (NEW.payout_status = 'active' AND NEW.suspended_at IS NULL)
  )
  EXECUTE FUNCTION search_counts_artist_changed();
--> statement-breakpoint
CREATE FUNCTION search_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_counts_rebuild();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_artworks_truncate
  AFTER TRUNCATE ON artworks FOR EACH STATEMENT EXECUTE FUNCTION search_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER search_counts_links_truncate
  AFTER TRUNCATE ON artwork_categories FOR EACH STATEMENT EXECUTE FUNCTION search_counts_truncated();
--> statement-breakpoint
SELECT search_counts_rebuild();
