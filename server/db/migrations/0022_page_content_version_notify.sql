-- Issue 17: a process that asks for it is told when the page content version (0021) moves,
-- so that it need not read the version for every request (decision 0033). A session that
-- set `vernissage.page_version_notify` to 'on' (the PGlite process does, at open: it is the
-- database's only process) makes each moving transaction send a notification on the
-- channel page_content_version; PostgreSQL delivers it after the commit, and one
-- transaction's notifications on a channel collapse into one. Sessions that did not set it
-- (PostgreSQL's servers read the version per request) send none, so their commits never
-- take the notification queue's lock.
CREATE OR REPLACE FUNCTION page_content_version_bump() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM nextval('page_content_version');
    IF current_setting('vernissage.page_version_notify', true) = 'on' THEN
      PERFORM pg_notify('page_content_version', '');
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_content_version_bump_all() RETURNS trigger AS $$
BEGIN
  PERFORM nextval('page_content_version');
  IF current_setting('vernissage.page_version_notify', true) = 'on' THEN
    PERFORM pg_notify('page_content_version', '');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
