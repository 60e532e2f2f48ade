CREATE TABLE "bluesky_accounts" (
	"author" text PRIMARY KEY NOT NULL,
	"did" text NOT NULL,
	"handle" text NOT NULL,
	"pds_url" text NOT NULL,
	"app_password" text NOT NULL,
	"session" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"publication_rkey" text NOT NULL,
	"publication_cid" text,
	"publication_record" text,
	"last_error" text,
	CONSTRAINT "bluesky_accounts_author_check" CHECK ("bluesky_accounts"."author" in ('him', 'her'))
);
--> statement-breakpoint
CREATE TABLE "bluesky_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"author" text NOT NULL,
	"did" text NOT NULL,
	"document_rkey" text NOT NULL,
	"post_rkey" text NOT NULL,
	"document_cid" text,
	"post_cid" text,
	"pending" text,
	"version" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone,
	"leased_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "bluesky_records_author_check" CHECK ("bluesky_records"."author" in ('him', 'her'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bluesky_records_post_idx" ON "bluesky_records" USING btree ("post_id","author");--> statement-breakpoint
CREATE INDEX "bluesky_records_due_idx" ON "bluesky_records" USING btree ("due_at");