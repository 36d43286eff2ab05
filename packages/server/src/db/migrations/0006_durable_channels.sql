CREATE TABLE "inbound_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"message" jsonb NOT NULL,
	"media_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_failures_status_check" CHECK ("inbound_failures"."status" in ('pending', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dispatch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_failures" ADD CONSTRAINT "inbound_failures_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_failures_connection_external_key" ON "inbound_failures" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "inbound_failures_due_idx" ON "inbound_failures" USING btree ("next_attempt_at") WHERE "inbound_failures"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "messages_dispatch_due_idx" ON "messages" USING btree ("dispatch_at") WHERE "messages"."dispatch_at" is not null;