CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"destination_type" text NOT NULL,
	"destination_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_destination_type_check" CHECK ("announcements"."destination_type" in ('users', 'queue', 'announcements', 'uras', 'monitorings'))
);
--> statement-breakpoint
CREATE TABLE "monitorings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"user_id" integer NOT NULL,
	"queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitorings_status_check" CHECK ("monitorings"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "ura_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"ura_id" integer NOT NULL,
	"selector" text NOT NULL,
	"menu_name" text NOT NULL,
	"destination_type" text NOT NULL,
	"destination_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ura_items_destination_type_check" CHECK ("ura_items"."destination_type" in ('users', 'queue', 'announcements', 'uras', 'monitorings'))
);
--> statement-breakpoint
CREATE TABLE "uras" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"direct_dial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "out_of_hours_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "close_code" text DEFAULT '#' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "out_of_hours_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "ura_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "ura_misses" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "monitoring_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "out_of_hours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "monitorings" ADD CONSTRAINT "monitorings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitorings" ADD CONSTRAINT "monitorings_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ura_items" ADD CONSTRAINT "ura_items_ura_id_uras_id_fk" FOREIGN KEY ("ura_id") REFERENCES "public"."uras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_name_key" ON "announcements" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "announcements_destination_idx" ON "announcements" USING btree ("destination_type","destination_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitorings_name_key" ON "monitorings" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "monitorings_user_idx" ON "monitorings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "monitorings_queue_idx" ON "monitorings" USING btree ("queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ura_items_selector_key" ON "ura_items" USING btree ("ura_id",lower("selector"));--> statement-breakpoint
CREATE INDEX "ura_items_destination_idx" ON "ura_items" USING btree ("destination_type","destination_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ura_id_uras_id_fk" FOREIGN KEY ("ura_id") REFERENCES "public"."uras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_monitoring_id_monitorings_id_fk" FOREIGN KEY ("monitoring_id") REFERENCES "public"."monitorings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connections_destination_idx" ON "connections" USING btree ("destination_type","destination_id");