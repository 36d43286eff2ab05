ALTER TABLE "tickets" DROP CONSTRAINT "tickets_connection_id_connections_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_connection_id_connections_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "connection_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "connection_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "connection_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_closed_idx" ON "tickets" USING btree ("closed_at") WHERE "tickets"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "messages_created_brin_idx" ON "messages" USING brin ("created_at");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_active_connection_check" CHECK ("tickets"."connection_id" is not null or "tickets"."status" = 'closed');--> statement-breakpoint
-- The team's first answer of every existing ticket (docs/decisions/0039): its first message
-- from us that is not an automatic text. From now on the message writers keep it.
UPDATE "tickets" SET "first_response_at" = "f"."at"
FROM (SELECT "ticket_id", min("created_at") AS "at" FROM "messages" WHERE "from_me" AND "media_type" <> 'chat-automatic' GROUP BY "ticket_id") AS "f"
WHERE "f"."ticket_id" = "tickets"."id";
