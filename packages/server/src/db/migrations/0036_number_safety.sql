CREATE TABLE "connection_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"silent" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "connection_incidents" ADD CONSTRAINT "connection_incidents_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_replaced_by_id_connections_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_incidents_open_key" ON "connection_incidents" USING btree ("connection_id") WHERE "connection_incidents"."recovered_at" is null;
