CREATE TABLE "fediverse_actor_settings" (
	"author" text PRIMARY KEY NOT NULL,
	"approve_followers" boolean DEFAULT false NOT NULL,
	"old_handles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "fediverse_actor_settings_author_check" CHECK ("fediverse_actor_settings"."author" in ('him', 'her'))
);
--> statement-breakpoint
CREATE TABLE "fediverse_avatars" (
	"actor_id" text PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"url" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fediverse_follow_requests" (
	"author" text NOT NULL,
	"actor_id" text NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_follow_requests_author_actor_id_pk" PRIMARY KEY("author","actor_id")
);
--> statement-breakpoint
CREATE INDEX "fediverse_follow_requests_list_idx" ON "fediverse_follow_requests" USING btree ("author","created_at" DESC NULLS LAST);