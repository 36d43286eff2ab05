CREATE TABLE "cloud_service_windows" (
	"connection_id" integer NOT NULL,
	"number" text NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cloud_service_windows_connection_id_number_pk" PRIMARY KEY("connection_id","number")
);
--> statement-breakpoint
CREATE TABLE "cloud_template_messages" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"template" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"components" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_service_windows" ADD CONSTRAINT "cloud_service_windows_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_template_messages" ADD CONSTRAINT "cloud_template_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_templates" ADD CONSTRAINT "cloud_templates_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_templates_connection_name_language_key" ON "cloud_templates" USING btree ("connection_id","name","language");
