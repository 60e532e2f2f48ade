CREATE TABLE "draft_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"page_id" uuid,
	"parent_id" uuid,
	"author" text NOT NULL,
	"anchor_start" text,
	"anchor_end" text,
	"quote" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_notes_one_document" CHECK (("draft_notes"."post_id" is null) <> ("draft_notes"."page_id" is null)),
	CONSTRAINT "draft_notes_author_check" CHECK ("draft_notes"."author" in ('him', 'her'))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "takes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "notes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_notes" ADD CONSTRAINT "draft_notes_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_notes" ADD CONSTRAINT "draft_notes_page_id_site_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_notes" ADD CONSTRAINT "draft_notes_parent_id_draft_notes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."draft_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_notes_post_idx" ON "draft_notes" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "draft_notes_page_idx" ON "draft_notes" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE INDEX "draft_notes_parent_idx" ON "draft_notes" USING btree ("parent_id");