ALTER TABLE "schedules" ADD COLUMN "media_name" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "media_file_name" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "signed" boolean DEFAULT false NOT NULL;
