-- Issue 17: the version of everything a visitor's page can show, for the page cache
-- (server/http/page-cache.ts, decision 0033). catalogue_version (0004) moves only with
-- what the facet counts depend on; a sale, a new image, an exhibition, a banner or a
-- follower does not move it, but each changes a page.
--
-- A sequence, not a row: nextval takes no row lock, so writers never wait on each other
-- for it, and its last value is read by any process without a transaction. It moves inside
-- the writer's transaction, before the commit; the cache allows for that (settleMs).
CREATE SEQUENCE page_content_version;
--> statement-breakpoint
-- Called once, so last_value moves with every later nextval (a fresh sequence reports the
-- same last_value before and after its first nextval).
SELECT nextval('page_content_version');
--> statement-breakpoint
-- Once per statement that changed at least one row (a guarded UPDATE that matched nothing,
-- as the timers run every few seconds, does not move it).
CREATE OR REPLACE FUNCTION page_content_version_bump() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM nextval('page_content_version');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_content_version_bump_all() RETURNS trigger AS $$
BEGIN
  PERFORM nextval('page_content_version');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every table a visitor's page reads: the works, their images, categories and
-- exhibitions; the people (names, cities, suspensions, payout status that lists them);
-- cities and categories; banners; follows (the follower count); orders and offers (a
-- sale, a reservation, an offers-only work). Not: sessions, saved works (their count is
-- shown to the artist only), mail, payments, audit, rate limits.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'artworks', 'artwork_images', 'artwork_categories', 'art_categories', 'cities', 'users',
    'exhibitions', 'exhibition_artworks', 'banners', 'follows', 'orders', 'offers',
    'platform_settings'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump()',
      t || '_page_version_ins', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump()',
      t || '_page_version_upd', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump()',
      t || '_page_version_del', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION page_content_version_bump_all()',
      t || '_page_version_trunc', t);
  END LOOP;
END $$;
