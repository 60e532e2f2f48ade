ALTER TABLE "fediverse_posts" ADD COLUMN "leased_kind" text;--> statement-breakpoint
ALTER TABLE "fediverse_posts" ADD COLUMN "leased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fediverse_sent_replies" ADD COLUMN "leased_kind" text;--> statement-breakpoint
ALTER TABLE "fediverse_sent_replies" ADD COLUMN "leased_at" timestamp with time zone;