CREATE TABLE "mail_rate" (
	"name" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "followers" ADD COLUMN "bounce_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "followers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "followers" ADD COLUMN "bounce_reason" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "send_to_followers" boolean DEFAULT true NOT NULL;