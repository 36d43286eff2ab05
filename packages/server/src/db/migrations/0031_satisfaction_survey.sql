ALTER TABLE "connections" ADD COLUMN "survey" jsonb DEFAULT '{"enabled":false,"question":"","askComment":false,"windowHours":24,"onAutoClose":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "survey_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "survey_awaiting" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "survey_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rating_score" smallint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_survey_awaiting_idx" ON "tickets" USING btree ("contact_id","connection_id") WHERE "tickets"."survey_awaiting" is not null;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_survey_awaiting_check" CHECK ("tickets"."survey_awaiting" is null or "tickets"."survey_awaiting" in ('score', 'comment'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_rating_score_check" CHECK ("tickets"."rating_score" is null or "tickets"."rating_score" between 1 and 5);
