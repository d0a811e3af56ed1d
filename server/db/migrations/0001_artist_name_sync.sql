-- Keeps artworks.artist_display_name equal to the artist's users.display_name,
-- so the search document (a generated column) covers title and artist name.
CREATE OR REPLACE FUNCTION artworks_set_artist_display_name() RETURNS trigger AS $$
BEGIN
  SELECT display_name INTO NEW.artist_display_name FROM users WHERE id = NEW.artist_id;
  NEW.artist_display_name := coalesce(NEW.artist_display_name, '');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_artist_display_name_trg
  BEFORE INSERT OR UPDATE OF artist_id ON artworks
  FOR EACH ROW EXECUTE FUNCTION artworks_set_artist_display_name();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_propagate_display_name() RETURNS trigger AS $$
BEGIN
  UPDATE artworks SET artist_display_name = NEW.display_name
   WHERE artist_id = NEW.id AND artist_display_name IS DISTINCT FROM NEW.display_name;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_display_name_trg
  AFTER UPDATE OF display_name ON users
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION users_propagate_display_name();
