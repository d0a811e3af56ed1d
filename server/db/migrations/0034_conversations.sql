-- Conversations between buyers and artists (decision 0053): a conversation per buyer and
-- work (or per buyer and artist), one member row per person for the inbox and the unread
-- count, the messages and their pictures, blocks between people, and reports to the team.
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"artist_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"artwork_id" uuid REFERENCES "artworks"("id") ON DELETE set null,
	"artwork_title" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"last_sender_id" uuid,
	"first_reply_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_kind_check" CHECK ("kind" in ('artwork', 'artist')),
	CONSTRAINT "conversations_two_people_check" CHECK ("buyer_id" <> "artist_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_buyer_artwork_idx" ON "conversations" ("buyer_id","artwork_id") WHERE "kind" = 'artwork';
--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_buyer_artist_idx" ON "conversations" ("buyer_id","artist_id") WHERE "kind" = 'artist';
--> statement-breakpoint
CREATE INDEX "conversations_buyer_created_idx" ON "conversations" ("buyer_id","created_at");
--> statement-breakpoint
CREATE INDEX "conversations_artist_reply_idx" ON "conversations" ("artist_id","first_reply_at");
--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"unread_since" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "conversation_members_pk" PRIMARY KEY ("user_id","conversation_id"),
	CONSTRAINT "conversation_members_role_check" CHECK ("role" in ('buyer', 'artist'))
);
--> statement-breakpoint
CREATE INDEX "conversation_members_inbox_idx" ON "conversation_members" ("user_id","last_message_at" DESC);
--> statement-breakpoint
-- With `unread` in the index, the header's count is an index-only scan, not one table page
-- per unread conversation (hundreds for a busy artist; docs/performance.md, "Messages").
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" ("user_id","unread") WHERE "unread" > 0;
--> statement-breakpoint
CREATE INDEX "conversation_members_mail_due_idx" ON "conversation_members" ("unread_since") WHERE "unread" > 0;
--> statement-breakpoint
CREATE INDEX "conversation_members_conversation_idx" ON "conversation_members" ("conversation_id");
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"sender_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" ("conversation_id","id");
--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" ("sender_id","created_at");
--> statement-breakpoint
CREATE TABLE "message_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"message_id" bigint REFERENCES "messages"("id") ON DELETE cascade,
	"position" integer DEFAULT 0 NOT NULL,
	"original_key" text NOT NULL,
	"medium_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"original" text NOT NULL,
	"medium" text NOT NULL,
	"thumbnail" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_images_message_idx" ON "message_images" ("message_id","position");
--> statement-breakpoint
CREATE INDEX "message_images_unsent_idx" ON "message_images" ("created_at") WHERE "message_id" is null;
--> statement-breakpoint
CREATE INDEX "message_images_uploader_idx" ON "message_images" ("uploader_id","created_at");
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"blocked_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_pk" PRIMARY KEY ("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" ("blocked_id");
--> statement-breakpoint
CREATE TABLE "conversation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reports_status_check" CHECK ("status" in ('open', 'dismissed', 'warned', 'suspended'))
);
--> statement-breakpoint
CREATE INDEX "conversation_reports_status_idx" ON "conversation_reports" ("status","created_at");
--> statement-breakpoint
CREATE INDEX "conversation_reports_conversation_idx" ON "conversation_reports" ("conversation_id");
--> statement-breakpoint
-- One open report per person and conversation, whatever two servers do at once.
CREATE UNIQUE INDEX "conversation_reports_one_open_idx" ON "conversation_reports" ("conversation_id","reporter_id") WHERE "status" = 'open';
--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD COLUMN "message_emails" boolean DEFAULT true NOT NULL;
