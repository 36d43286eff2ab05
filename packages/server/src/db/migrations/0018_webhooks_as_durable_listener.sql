-- The API channel's webhooks become a durable listener of the event outbox (docs/decisions/0058).
-- Deliveries still owed (pending) or kept as failed move over with their ids: a receiver that drops
-- repeats by deliveryId sees the same id on the next attempt, and the retry count carries on.
INSERT INTO "event_deliveries" ("id", "listener", "event", "payload", "status", "attempts", "next_attempt_at", "last_error", "created_at")
SELECT "id", 'api-channel.webhook', 'webhook.due', jsonb_build_object('connectionId', "connection_id", 'messageId', "message_id", 'event', "event"),
	"status", "attempts", "next_attempt_at", "last_error", "created_at"
FROM "webhook_deliveries" WHERE "status" IN ('pending', 'failed');
--> statement-breakpoint
-- New deliveries are numbered after every old one, sent ones included: no receiver sees an id twice.
SELECT setval(pg_get_serial_sequence('event_deliveries', 'id'), greatest(
	(SELECT "last_value" FROM "webhook_deliveries_id_seq"),
	(SELECT "last_value" FROM "event_deliveries_id_seq"),
	(SELECT coalesce(max("id"), 1) FROM "event_deliveries")));
--> statement-breakpoint
DROP TABLE "webhook_deliveries" CASCADE;
