CREATE TABLE "contact_import_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "contact_import_failures_reason_check" CHECK ("contact_import_failures"."reason" in ('invalidNumber', 'missingName', 'duplicate'))
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"template_type" text NOT NULL,
	"language" text NOT NULL,
	"file_name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"total_count" integer NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"repeated_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "contact_imports_status_check" CHECK ("contact_imports"."status" in ('running', 'finished', 'failed')),
	CONSTRAINT "contact_imports_template_type_check" CHECK ("contact_imports"."template_type" in ('atendo', 'google')),
	CONSTRAINT "contact_imports_language_check" CHECK ("contact_imports"."language" in ('en', 'pt', 'es')),
	CONSTRAINT "contact_imports_counts_check" CHECK ("contact_imports"."success_count" + "contact_imports"."failed_count" + "contact_imports"."repeated_count" <= "contact_imports"."total_count" and "contact_imports"."success_count" >= 0 and "contact_imports"."failed_count" >= 0 and "contact_imports"."repeated_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contact_import_failures" ADD CONSTRAINT "contact_import_failures_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_import_failures_import_idx" ON "contact_import_failures" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_imports_one_running_key" ON "contact_imports" USING btree ((true)) WHERE "contact_imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "contact_imports_created_idx" ON "contact_imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);