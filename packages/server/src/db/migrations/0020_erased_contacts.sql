ALTER TABLE "tickets" DROP CONSTRAINT "tickets_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "contact_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_active_contact_check" CHECK ("tickets"."contact_id" is not null or "tickets"."status" = 'closed');