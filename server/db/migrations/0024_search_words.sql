-- Issue 17, decision 0036: every word of a search is a prefix ("blue" is 'blue':*), and
-- GIN answers a prefix by collecting every posting of every word that starts with it
-- into a bitmap first (300,000 works for "blue" at 1,000,000), without the skipping it
-- does between exact words; with the filters' keys of 0023 beside it, "blue" with a
-- city, a category and a price range still took 223 ms. The search now looks up the
-- words that start with each prefix here and asks for those exact words instead
-- ('blue' | 'blues'), when there are few (search.repository.ts).
--
-- Every lexeme of every work's search_vector is a row here: the search would miss a
-- work whose word is missing, so the triggers below add the words of every inserted
-- work and of every work whose title or artist name changes, in the same transaction.
-- Words are never removed: a word no work has any more is an exact lexeme with no
-- postings, which matches nothing, so a superset is harmless (it only counts against the
-- search's cap on words per prefix). COLLATE "C" orders the words bytewise, as GIN
-- compares a prefix, and lets the primary key serve `word like 'blue%'`.
CREATE TABLE search_words (
  word text COLLATE "C" PRIMARY KEY
);
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM artworks;
--> statement-breakpoint
-- Inserted works, per statement (a bulk load adds its words in one statement). In word
-- order, so two transactions adding the same new words wait on each other rather than
-- deadlock.
CREATE FUNCTION search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM new_works ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_artworks_ins
  AFTER INSERT ON artworks REFERENCING NEW TABLE AS new_works
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
-- A work whose words changed (its title, or its artist's name: 0001 copies it into the
-- work). Per row, and only for those: the other updates of a work (a reservation, a
-- price, a sale) leave search_vector as it was and queue nothing.
CREATE FUNCTION search_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT unnest(tsvector_to_array(NEW.search_vector)) ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_artworks_upd
  AFTER UPDATE ON artworks
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION search_words_updated();
--> statement-breakpoint
ANALYZE search_words;
