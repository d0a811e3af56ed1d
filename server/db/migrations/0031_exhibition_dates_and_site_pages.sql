-- Exhibitions get their dates and opening hours. Dates are calendar days (no time, no
-- zone): an exhibition runs "12 Nov – 20 Dec" wherever it is read. Both are optional, so
-- the exhibitions made before stay valid; when both are set the end is not before the start.
ALTER TABLE "exhibitions" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "exhibitions" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "exhibitions" ADD COLUMN "opening_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibitions" ADD CONSTRAINT "exhibitions_dates_order_chk"
  CHECK ("starts_on" IS NULL OR "ends_on" IS NULL OR "ends_on" >= "starts_on");--> statement-breakpoint
-- The site's own pages (About, Contact, FAQ, Shipping & returns, Terms, Privacy), written
-- by the operator in Markdown. A page without a row shows its default text, so only the
-- pages the operator has written are stored.
CREATE TABLE "site_pages" (
  "slug" text PRIMARY KEY NOT NULL,
  "markdown" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "site_pages_slug_chk"
    CHECK ("slug" IN ('about', 'contact', 'faq', 'shipping-returns', 'terms', 'privacy'))
);
