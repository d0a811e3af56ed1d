CREATE TABLE "image_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" uuid NOT NULL,
	"original_key" text NOT NULL,
	"medium_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"original" text NOT NULL,
	"medium" text NOT NULL,
	"thumbnail" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"artwork_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artwork_images" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "artwork_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "artwork_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "image_uploads" ADD CONSTRAINT "image_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_uploads" ADD CONSTRAINT "image_uploads_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_uploads_uploader_idx" ON "image_uploads" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "image_uploads_artwork_idx" ON "image_uploads" USING btree ("artwork_id");