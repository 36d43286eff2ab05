ALTER TABLE "users" ADD COLUMN "presence_choice" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "presence_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_presence_choice_check" CHECK ("users"."presence_choice" in ('online', 'away', 'offline'));