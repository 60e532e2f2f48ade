CREATE TABLE "collab_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc" text NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collab_updates_doc_idx" ON "collab_updates" USING btree ("doc","id");