ALTER TABLE "queues" ADD COLUMN "return_to_last_attendant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_assignment_turn" bigint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "auto_assigned_at" timestamp with time zone;
