ALTER TABLE "chats" ADD COLUMN "last_message_id" bigint;--> statement-breakpoint
UPDATE "chats" SET "last_message_id" = (SELECT max("id") FROM "chat_messages" WHERE "chat_messages"."chat_id" = "chats"."id");
