-- Featured shows what a buyer can still acquire first: works for sale at a price, then
-- offers only, then sold (decision 0044). The rank is a stored generated column of the
-- work's own fields (the same three states as availability.repository.ts and
-- search_work_available), so every write keeps it without a trigger, and it leads both
-- indexes in the curated order, so a featured page and a common word's walk still read
-- an index in order and stop early. Adding the column rewrites the table once.
ALTER TABLE artworks ADD COLUMN sale_rank smallint NOT NULL GENERATED ALWAYS AS (
  CASE
    WHEN is_for_sale THEN 0
    WHEN status = 'not for sale' AND owner_id = artist_id THEN 1
    ELSE 2
  END
) STORED;
--> statement-breakpoint
DROP INDEX artworks_curated_order_idx;
--> statement-breakpoint
CREATE INDEX artworks_curated_order_idx ON artworks
  (sale_rank, is_curated DESC NULLS LAST, random_order, id);
--> statement-breakpoint
DROP INDEX artworks_curated_walk_idx;
--> statement-breakpoint
CREATE INDEX artworks_curated_walk_idx ON artworks
  (sale_rank, is_curated DESC NULLS LAST, random_order, id)
  INCLUDE (search_vector, artist_id, artist_display_name, price_cents, search_category_ids,
    is_for_sale, status, owner_id)
  WHERE status <> 'draft' AND hidden_at IS NULL;
--> statement-breakpoint
ANALYZE artworks;
