-- Full-text search (docs/decisions/0016-search.md). array_to_string is only STABLE, and a generated
-- column needs IMMUTABLE parts: joining the words of a text[] does not depend on any setting.
CREATE OR REPLACE FUNCTION duet_join_words(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_string(words, ' ') $$;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, duet_join_words("hashtags")), 'B') || setweight(to_tsvector('english'::regconfig, "excerpt"), 'C') || setweight(to_tsvector('english'::regconfig, regexp_replace(regexp_replace("content", '</(p|div|h[1-6]|li|ul|ol|blockquote|figure|figcaption)\s*>|<br\s*/?>', ' ', 'gi'), '<[^>]*>', '', 'g')), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector");