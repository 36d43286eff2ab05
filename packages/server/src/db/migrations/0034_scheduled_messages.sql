CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"connection_id" integer,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"repeat_every" text,
	"repeat_interval" integer,
	"repeat_until" timestamp with time zone,
	"anchor_at" timestamp with time zone NOT NULL,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"sent_at" timestamp with time zone,
	"ticket_id" integer,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_status_check" CHECK ("schedules"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "schedules_repeat_check" CHECK ("schedules"."repeat_every" is null or ("schedules"."repeat_every" in ('day', 'week', 'month') and "schedules"."repeat_interval" >= 1))
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("send_at") WHERE "schedules"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id","send_at");--> statement-breakpoint
CREATE INDEX "schedules_contact_idx" ON "schedules" USING btree ("contact_id","send_at");
