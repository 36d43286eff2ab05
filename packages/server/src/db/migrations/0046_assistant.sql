ALTER TABLE "queues" ADD COLUMN "assistant_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "assistant_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"ticket_id" integer,
	"action" text NOT NULL,
	"ok" boolean NOT NULL,
	"tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_uses_action_check" CHECK ("assistant_uses"."action" in ('summarize', 'suggestReply', 'translate', 'improve'))
);
--> statement-breakpoint
ALTER TABLE "assistant_uses" ADD CONSTRAINT "assistant_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_uses" ADD CONSTRAINT "assistant_uses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_uses_created_idx" ON "assistant_uses" USING btree ("created_at");
