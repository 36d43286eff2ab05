CREATE TABLE "import_mappings" (
	"source" text NOT NULL,
	"source_table" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_source_source_table_source_id_pk" PRIMARY KEY("source","source_table","source_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legacy_password_hash" text;--> statement-breakpoint
CREATE INDEX "import_mappings_target_idx" ON "import_mappings" USING btree ("source_table","target_id");