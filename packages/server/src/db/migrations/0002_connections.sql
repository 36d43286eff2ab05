CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text,
	"kind" text DEFAULT 'whatsapp' NOT NULL,
	"status" text DEFAULT 'OPENING' NOT NULL,
	"qrcode" text DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"number" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"can_close_ticket_by_message" boolean DEFAULT false NOT NULL,
	"farewell_message" text DEFAULT '' NOT NULL,
	"ignore_groups" boolean DEFAULT false NOT NULL,
	"destination_type" text,
	"destination_id" integer,
	"api_token" text,
	"webhook_url" text,
	"webhook_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_kind_check" CHECK ("connections"."kind" in ('whatsapp', 'api')),
	CONSTRAINT "connections_status_check" CHECK ("connections"."status" in ('qrcode', 'CONNECTED', 'PAIRING', 'TIMEOUT', 'OPENING', 'DISCONNECTING'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_auth_creds" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"creds" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_auth_keys" (
	"connection_id" integer NOT NULL,
	"type" text NOT NULL,
	"key_id" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "whatsapp_auth_keys_connection_id_type_key_id_pk" PRIMARY KEY("connection_id","type","key_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_lid_map" (
	"connection_id" integer NOT NULL,
	"lid" text NOT NULL,
	"phone" text NOT NULL,
	CONSTRAINT "whatsapp_lid_map_connection_id_lid_pk" PRIMARY KEY("connection_id","lid")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_auth_creds" ADD CONSTRAINT "whatsapp_auth_creds_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_lid_map" ADD CONSTRAINT "whatsapp_lid_map_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_single_default_key" ON "connections" USING btree ("is_default") WHERE "connections"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "connections_api_token_key" ON "connections" USING btree ("api_token");