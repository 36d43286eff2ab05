ALTER TABLE "chats" ADD COLUMN "last_message_media_type" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_file_name" text;