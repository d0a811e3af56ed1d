-- Decision 0042: a guest's offer made with the e-mail of an existing account is not that
-- account's until its owner confirms it from an e-mailed link. Until then the offer has no
-- buyer account (its e-mail and the buyer's link key still reach it), so it neither blocks
-- the owner's own offer on the work (offers_one_open_idx ignores nulls) nor counts against
-- their limits.
ALTER TABLE offers ALTER COLUMN buyer_id DROP NOT NULL;
