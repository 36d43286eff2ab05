CREATE TABLE "automation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"trigger" text NOT NULL,
	"idle_minutes" integer,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rules_trigger_check" CHECK ("automation_rules"."trigger" in ('ticketCreated', 'messageReceived', 'ticketClosed', 'ticketIdle', 'slaAtRisk', 'tagAdded'))
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"ticket_id" integer,
	"result" text NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_runs_result_check" CHECK ("automation_runs"."result" in ('done', 'failed', 'loopGuard'))
);
--> statement-breakpoint
CREATE TABLE "automation_moments" (
	"ticket_id" integer NOT NULL,
	"moment" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_moments_ticket_id_moment_pk" PRIMARY KEY("ticket_id","moment")
);
--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD COLUMN "depth" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_moments" ADD CONSTRAINT "automation_moments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rules_trigger_idx" ON "automation_rules" USING btree ("trigger","position") WHERE "automation_rules"."enabled";--> statement-breakpoint
CREATE INDEX "automation_runs_rule_idx" ON "automation_runs" USING btree ("rule_id","id");
