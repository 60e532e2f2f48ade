ALTER TABLE "blog_posts" ADD COLUMN "pair_id" uuid;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_pair_id_post_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."post_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_pair_author_idx" ON "blog_posts" USING btree ("pair_id","author") WHERE pair_id is not null;--> statement-breakpoint
-- The seal of two takes (docs/decisions/0046-two-takes.md): a take stays a draft until its pair is
-- revealed, whatever writes it (a route, an import, a script). The reveal marks the pair first.
CREATE FUNCTION "blog_posts_take_sealed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.pair_id IS NOT NULL AND NEW.status <> 'draft' AND NOT EXISTS (
    SELECT 1 FROM post_pairs WHERE id = NEW.pair_id AND state = 'revealed'
  ) THEN
    RAISE EXCEPTION 'a take stays a draft until its pair is revealed' USING ERRCODE = 'DU001';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_take_sealed" BEFORE INSERT OR UPDATE OF "status", "pair_id" ON "blog_posts"
  FOR EACH ROW EXECUTE FUNCTION "blog_posts_take_sealed"();
