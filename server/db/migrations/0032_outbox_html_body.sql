-- An e-mail's HTML part gets its own column. Until now it was kept in the jsonb "headers"
-- under the key 'html body' (which no header can have); the messages queued that way are
-- moved here, and "headers" keeps only real headers (NULL when none is left).
ALTER TABLE "outbox" ADD COLUMN "html_body" text;--> statement-breakpoint
UPDATE "outbox"
  SET "html_body" = "headers" ->> 'html body',
      "headers" = NULLIF("headers" - 'html body', '{}'::jsonb)
  WHERE "headers" ? 'html body';
