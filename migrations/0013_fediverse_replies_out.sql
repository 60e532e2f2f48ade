CREATE TABLE "fediverse_post_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"host" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fediverse_sent_replies" (
	"comment_id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"author" text NOT NULL,
	"in_reply_to" text NOT NULL,
	"remote_actor_id" text NOT NULL,
	"remote_actor_url" text NOT NULL,
	"remote_handle" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"pending" text
);
--> statement-breakpoint
ALTER TABLE "fediverse_post_reports" ADD CONSTRAINT "fediverse_post_reports_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fediverse_post_reports_activity_idx" ON "fediverse_post_reports" USING btree ("activity_id","post_id");--> statement-breakpoint
CREATE INDEX "fediverse_post_reports_post_idx" ON "fediverse_post_reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "fediverse_sent_replies_pending_idx" ON "fediverse_sent_replies" USING btree ("pending") WHERE pending is not null;--> statement-breakpoint
CREATE INDEX "comments_reply_to_idx" ON "comments" USING btree ("reply_to_id");