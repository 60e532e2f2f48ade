CREATE TABLE "fediverse_actors" (
	"author" text PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_actors_handle_unique" UNIQUE("handle"),
	CONSTRAINT "fediverse_actors_author_check" CHECK ("fediverse_actors"."author" in ('him', 'her'))
);
--> statement-breakpoint
CREATE TABLE "fediverse_blocked_servers" (
	"host" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fediverse_followers" (
	"author" text NOT NULL,
	"actor_id" text NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_followers_author_actor_id_pk" PRIMARY KEY("author","actor_id")
);
--> statement-breakpoint
CREATE TABLE "fediverse_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fediverse_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"pending" text
);
--> statement-breakpoint
CREATE TABLE "fediverse_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fediverse_reactions" (
	"activity_id" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fediverse_replies" (
	"object_id" text PRIMARY KEY NOT NULL,
	"comment_id" uuid NOT NULL,
	"actor_id" text NOT NULL,
	"actor_url" text NOT NULL,
	CONSTRAINT "fediverse_replies_comment_id_unique" UNIQUE("comment_id")
);
--> statement-breakpoint
ALTER TABLE "fediverse_reactions" ADD CONSTRAINT "fediverse_reactions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fediverse_replies" ADD CONSTRAINT "fediverse_replies_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fediverse_followers_list_idx" ON "fediverse_followers" USING btree ("author","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fediverse_posts_pending_idx" ON "fediverse_posts" USING btree ("pending") WHERE pending is not null;--> statement-breakpoint
CREATE INDEX "fediverse_queue_due_idx" ON "fediverse_queue" USING btree ("available_at");--> statement-breakpoint
CREATE INDEX "fediverse_reactions_post_idx" ON "fediverse_reactions" USING btree ("post_id","kind");