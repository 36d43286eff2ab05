-- Ids saved before the foreign key existed may point at no connection: clear them, or the key cannot be added.
UPDATE "users" SET "whatsapp_id" = NULL WHERE "whatsapp_id" IS NOT NULL AND "whatsapp_id" NOT IN (SELECT "id" FROM "connections");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_id_connections_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;
