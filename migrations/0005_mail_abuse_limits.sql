ALTER TABLE "followers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "verified_email" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "verify_token_hash" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "verify_email" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "verify_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_queue_recipient_idx" ON "mail_queue" USING btree ("to_email","kind","created_at");--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_verify_token_hash_unique" UNIQUE("verify_token_hash");