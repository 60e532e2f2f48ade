CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_day_scope_pk" PRIMARY KEY("day","scope")
);
--> statement-breakpoint
CREATE TABLE "stats_devices_daily" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_devices_daily_day_scope_device_pk" PRIMARY KEY("day","scope","device")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_hourly_hour_scope_pk" PRIMARY KEY("hour","scope")
);
--> statement-breakpoint
CREATE TABLE "stats_posts_daily" (
	"day" date NOT NULL,
	"post_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_posts_daily_day_post_id_pk" PRIMARY KEY("day","post_id")
);
--> statement-breakpoint
CREATE TABLE "stats_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_sources_daily" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"source" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_sources_daily_day_scope_source_pk" PRIMARY KEY("day","scope","source")
);
--> statement-breakpoint
CREATE TABLE "stats_visitor_hashes" (
	"hour" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "stats_visitor_hashes_hour_scope_hash_pk" PRIMARY KEY("hour","scope","hash")
);
--> statement-breakpoint
ALTER TABLE "stats_posts_daily" ADD CONSTRAINT "stats_posts_daily_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stats_posts_daily_post_idx" ON "stats_posts_daily" USING btree ("post_id");