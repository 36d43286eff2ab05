ALTER TABLE "connection_pace" ADD COLUMN "slots" integer DEFAULT 0 NOT NULL;
