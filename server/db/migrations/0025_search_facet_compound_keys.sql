-- Issue 17, decision 0036: the keys of 0023 made "blue" with a city, a category and a
-- price range one GIN scan, but each key's posting list is long (a city: 125,000 works at
-- 1,000,000; a category 150,000; a price range 158,000), and GIN decodes most of every
-- list to intersect them with the word's (300,000): 25 ms for the index scan alone, with
-- the word exact. A key per combination of two or three facets has the short list the
-- intersection needs ('cgp' || city || category || range: 2,900 works), and GIN skips
-- through the word's list from it.
--
-- The keys of a work are now, beside those of 0023: 'cg' || city || category and
-- 'gp' || category || range per category, 'cp' || city || range, and 'cgp' || city ||
-- category || range per category (none where the city or the price is missing). The
-- letters after the first are not hex digits, so no key is a prefix of another kind's.
-- The search asks for the most specific keys its filters allow (facetKeysMatch in
-- search.repository.ts); the exact conditions still decide.
CREATE OR REPLACE FUNCTION search_facet_keys(city uuid, categories uuid[], price integer, available boolean)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array_remove(
    ARRAY['c' || city::text, 'p' || search_price_range(price)::text,
      CASE WHEN available THEN 'av' END,
      'cp' || city::text || search_price_range(price)::text]
    || array(SELECT 'g' || c::text FROM unnest(categories) c)
    || array(SELECT 'cg' || city::text || c::text FROM unnest(categories) c)
    || array(SELECT 'gp' || c::text || search_price_range(price)::text FROM unnest(categories) c)
    || array(SELECT 'cgp' || city::text || c::text || search_price_range(price)::text
      FROM unnest(categories) c),
    NULL))
$$;
--> statement-breakpoint
-- Every work's keys again, computed by 0023's row trigger (setting them to null asks it),
-- with the index made after, as 0023 did; the counts' update trigger, which would compare
-- a million old and new rows to find that nothing it counts changed, is off meanwhile.
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
ANALYZE artworks;
