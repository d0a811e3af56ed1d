-- One open offer per buyer and work holds for guests too. offers_one_open_idx is on
-- (artwork_id, buyer_id), and a guest's offer has no buyer_id (decision 0042), so it never
-- stopped a guest's second open offer. A guest is their e-mail, compared without case as
-- everywhere else. Open guest duplicates made before this index are ended as expired,
-- keeping each buyer's first; the offers' sweep then releases their card holds.
WITH duplicates AS (
  SELECT id FROM (
    SELECT id, row_number() OVER (
      PARTITION BY artwork_id, lower(buyer_email) ORDER BY created_at, id
    ) AS n
    FROM offers
    WHERE status = 'open' AND buyer_id IS NULL
  ) ranked
  WHERE n > 1
), ended AS (
  UPDATE offers SET status = 'expired', last_move_at = now(), updated_at = now()
  WHERE id IN (SELECT id FROM duplicates)
  RETURNING id, amount_cents
)
INSERT INTO offer_events (offer_id, actor, kind, amount_cents, created_at)
SELECT id, 'system', 'expired', amount_cents, now() FROM ended;
--> statement-breakpoint
CREATE UNIQUE INDEX offers_one_open_guest_idx ON offers (artwork_id, lower(buyer_email))
  WHERE status = 'open' AND buyer_id IS NULL;
