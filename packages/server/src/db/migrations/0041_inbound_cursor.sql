ALTER TABLE "connections" ADD COLUMN "inbound_cursor" bigint;
