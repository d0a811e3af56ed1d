-- Each person's time zone (an IANA name such as America/New_York), for the times in the
-- e-mails they get (decision 0043). The sign-up form sends the browser's zone; people who
-- signed up before, and guest accounts, read their e-mails in UTC until they choose one.
-- The name is checked by the application with Intl (the database has no list of its own
-- that is sure to match); the check here only keeps the column to plausible text.
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_check" CHECK (char_length("users"."time_zone") BETWEEN 1 AND 64);
