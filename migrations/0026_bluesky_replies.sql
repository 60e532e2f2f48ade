CREATE TABLE "bluesky_replies" (
	"uri" text PRIMARY KEY NOT NULL,
	"comment_id" uuid NOT NULL,
	"record_id" integer NOT NULL,
	"did" text NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "bluesky_replies_comment_id_unique" UNIQUE("comment_id")
);
--> statement-breakpoint
ALTER TABLE "bluesky_records" ADD COLUMN "poll_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bluesky_records" ADD COLUMN "poll_leased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bluesky_records" ADD COLUMN "poll_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bluesky_records" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bluesky_records" ADD COLUMN "repost_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bluesky_replies" ADD CONSTRAINT "bluesky_replies_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bluesky_replies_record_idx" ON "bluesky_replies" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "bluesky_records_poll_idx" ON "bluesky_records" USING btree ("poll_at");--> statement-breakpoint
UPDATE "bluesky_records" SET "poll_at" = now() WHERE "post_cid" IS NOT NULL;
