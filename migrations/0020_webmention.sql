CREATE TABLE "webmentions_received" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"post_id" uuid NOT NULL,
	"due_at" timestamp with time zone,
	"leased_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"kind" text,
	"author_name" text,
	"author_url" text,
	"author_photo" text,
	"excerpt" text,
	"comment_id" uuid,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webmentions_sent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"linked_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"leased_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"result" text
);
--> statement-breakpoint
ALTER TABLE "webmentions_received" ADD CONSTRAINT "webmentions_received_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webmentions_received" ADD CONSTRAINT "webmentions_received_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webmentions_received_pair_idx" ON "webmentions_received" USING btree ("source","target");--> statement-breakpoint
CREATE INDEX "webmentions_received_post_idx" ON "webmentions_received" USING btree ("post_id","verified_at");--> statement-breakpoint
CREATE INDEX "webmentions_received_due_idx" ON "webmentions_received" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webmentions_sent_pair_idx" ON "webmentions_sent" USING btree ("post_id","target");--> statement-breakpoint
CREATE INDEX "webmentions_sent_due_idx" ON "webmentions_sent" USING btree ("due_at");