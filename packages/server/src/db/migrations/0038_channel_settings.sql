ALTER TABLE "connections" DROP CONSTRAINT "connections_kind_check";--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "channel_settings" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "channel_secrets" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "widget_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_widget_key_key" ON "connections" USING btree ("widget_key");--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_kind_check" CHECK ("connections"."kind" in ('whatsapp', 'api', 'whatsapp_cloud', 'webchat', 'telegram'));