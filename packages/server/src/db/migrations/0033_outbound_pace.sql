ALTER TABLE "connections" ADD COLUMN "pace" jsonb;--> statement-breakpoint
CREATE TABLE "connection_pace" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"tat" timestamp with time zone NOT NULL,
	"day" date,
	"outreach" integer DEFAULT 0 NOT NULL,
	"started_on" date,
	"per_minute" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"warm_up" integer NOT NULL,
	"granted" boolean NOT NULL,
	"retry_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "connection_pace" ADD CONSTRAINT "connection_pace_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;
