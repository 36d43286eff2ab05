ALTER TABLE "queues" ADD COLUMN "assignment" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "presence" text DEFAULT 'offline' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_open_tickets" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_assignment_check" CHECK ("queues"."assignment" in ('manual', 'roundRobin', 'leastBusy'));--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_sla_minutes_check" CHECK (coalesce("queues"."sla_first_response_minutes", 1) > 0 and coalesce("queues"."sla_resolution_minutes", 1) > 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_presence_check" CHECK ("users"."presence" in ('online', 'away', 'offline'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_max_open_tickets_check" CHECK ("users"."max_open_tickets" is null or "users"."max_open_tickets" > 0);