-- The header's unread count sums `unread` over a person's unread member rows. With `unread`
-- in the partial index the sum is read from the index alone (an index-only scan) instead of
-- one table page per unread conversation, which for a busy artist is hundreds of pages.
DROP INDEX IF EXISTS "conversation_members_unread_idx";
--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" ("user_id","unread") WHERE "unread" > 0;
