CREATE TABLE "post_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_old_slugs" ADD CONSTRAINT "post_old_slugs_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_old_slugs_post_idx" ON "post_old_slugs" USING btree ("post_id");--> statement-breakpoint
-- A post's slug from its title where no code chose one (rows written by SQL, seeds, old rows): ASCII
-- punctuation, spaces and control characters become hyphens, other characters are kept (Unicode slugs); a taken slug
-- gets -2, -3… (docs/decisions/0033-post-addresses.md). The server passes a transliterated slug.
CREATE OR REPLACE FUNCTION duet_unique_post_slug(wanted text, title text, post_id uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(wanted, '');
  candidate text;
  n integer := 1;
BEGIN
  IF base = '' THEN
    base := regexp_replace(lower(coalesce(title, '')), '[[:space:][:cntrl:]!-/:-@\[-`{-~’‘“”«»–—…]+', '-', 'g');
    base := trim(both '-' from left(trim(both '-' from base), 80));
  END IF;
  IF base = '' OR base ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    base := 'post';
  END IF;
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM blog_posts b WHERE b.slug = candidate AND b.id <> post_id) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION duet_fill_post_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.slug := duet_unique_post_slug(NEW.slug, NEW.title, NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER blog_posts_slug_fill BEFORE INSERT ON blog_posts
  FOR EACH ROW EXECUTE FUNCTION duet_fill_post_slug();
--> statement-breakpoint
-- Backfill: existing posts get their slugs, oldest first (the oldest keeps the plain one).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, title FROM blog_posts ORDER BY date, id LOOP
    UPDATE blog_posts SET slug = duet_unique_post_slug('', r.title, r.id) WHERE id = r.id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_idx" ON "blog_posts" USING btree ("slug");
