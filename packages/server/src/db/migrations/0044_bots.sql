CREATE TABLE "bots" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"typebot_id" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"keywords" text[] NOT NULL,
	"destination_type" text NOT NULL,
	"destination_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bots_destination_type_check" CHECK ("bots"."destination_type" in ('users', 'queue', 'announcements', 'uras', 'monitorings', 'bots')),
	CONSTRAINT "bots_kind_check" CHECK ("bots"."kind" in ('webhook', 'typebot'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bots_name_key" ON "bots" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "bots_destination_idx" ON "bots" USING btree ("destination_type","destination_id");--> statement-breakpoint
ALTER TABLE "announcements" DROP CONSTRAINT "announcements_destination_type_check";--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_destination_type_check" CHECK ("announcements"."destination_type" in ('users', 'queue', 'announcements', 'uras', 'monitorings', 'bots'));--> statement-breakpoint
ALTER TABLE "ura_items" DROP CONSTRAINT "ura_items_destination_type_check";--> statement-breakpoint
ALTER TABLE "ura_items" ADD CONSTRAINT "ura_items_destination_type_check" CHECK ("ura_items"."destination_type" in ('users', 'queue', 'announcements', 'uras', 'monitorings', 'bots'));--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_session" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "tickets_pending_no_queue_idx";--> statement-breakpoint
CREATE INDEX "tickets_pending_no_queue_idx" ON "tickets" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST,"unread_messages") WHERE "tickets"."status" = 'pending' and "tickets"."queue_id" is null and "tickets"."ura_id" is null and "tickets"."bot_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_bot_idx" ON "tickets" USING btree ("bot_id") WHERE "tickets"."bot_id" is not null;
