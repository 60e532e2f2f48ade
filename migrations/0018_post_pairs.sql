CREATE TABLE "post_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"reveal_at" timestamp with time zone,
	"state" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"him_ready_at" timestamp with time zone,
	"her_ready_at" timestamp with time zone,
	CONSTRAINT "post_pairs_state_check" CHECK ("post_pairs"."state" in ('proposed', 'accepted', 'declined', 'revealed')),
	CONSTRAINT "post_pairs_proposed_by_check" CHECK ("post_pairs"."proposed_by" in ('him', 'her'))
);
--> statement-breakpoint
CREATE INDEX "post_pairs_created_idx" ON "post_pairs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);