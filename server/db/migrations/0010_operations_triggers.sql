-- Decision 0027. Kept out of the Drizzle schema, like the triggers of 0004.

-- The catalogue version (decision 0018) also moves when an artist is suspended or
-- reinstated and when a work is hidden or shown: both change what is listed.
DROP TRIGGER IF EXISTS users_catalogue_version ON users;
--> statement-breakpoint
CREATE TRIGGER users_catalogue_version
  AFTER UPDATE OF city_id, payout_status, suspended_at ON users
  FOR EACH ROW WHEN (
    OLD.city_id IS DISTINCT FROM NEW.city_id
    OR OLD.payout_status IS DISTINCT FROM NEW.payout_status
    OR (OLD.suspended_at IS NULL) IS DISTINCT FROM (NEW.suspended_at IS NULL)
  )
  EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER artworks_catalogue_version_hidden
  AFTER UPDATE OF hidden_at ON artworks
  FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint

-- A sign-up as an artist applicant writes its application in the same statement as
-- the user row (Better Auth inserts the user; no step can be lost between the two).
CREATE OR REPLACE FUNCTION artist_application_on_sign_up() RETURNS trigger AS $$
BEGIN
  INSERT INTO artist_applications (user_id, instagram_handle, website_url, created_at, updated_at)
    VALUES (NEW.id, NEW.instagram_handle, NEW.website_url, NEW.created_at, NEW.created_at)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_artist_application
  AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.pending_occupation = 'artist' AND NOT NEW.is_artist)
  EXECUTE FUNCTION artist_application_on_sign_up();
--> statement-breakpoint
-- Applicants who signed up before this migration get their waiting application.
INSERT INTO artist_applications (user_id, instagram_handle, website_url, created_at, updated_at)
  SELECT id, instagram_handle, website_url, created_at, created_at FROM users
  WHERE pending_occupation = 'artist' AND NOT is_artist
  ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- The audit log is append-only: no statement may change or remove a row.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
