ALTER TABLE "post_pairs" ADD COLUMN "unpublished_by" text;--> statement-breakpoint
ALTER TABLE "post_pairs" ADD COLUMN "unpublished_at" timestamp with time zone;