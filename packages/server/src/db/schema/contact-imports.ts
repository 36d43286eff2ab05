import { contactImportRowErrors, contactImportStatuses, contactImportTemplateTypes, languages } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, linkId, ownerId, serialId, timestamptz } from "./columns.js";
import { inValues } from "./in-values.js";
import { users } from "./users.js";

/** One contact import (spec §2, §3): its file, its counts and how it ended. */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: serialId(),
    status: text("status", { enum: contactImportStatuses }).notNull().default("running"),
    templateType: text("template_type", { enum: contactImportTemplateTypes }).notNull(),
    /** The language of the file's headers; the failed-rows CSV is written in it by default. */
    language: text("language", { enum: languages }).notNull(),
    fileName: text("file_name").notNull(),
    /** The file's header row as read, so the failed-rows CSV repeats the columns it had. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    totalCount: integer("total_count").notNull(),
    successCount: integer("success_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    repeatedCount: integer("repeated_count").notNull().default(0),
    /** Why a `failed` import stopped (an error code), null otherwise. */
    error: text("error"),
    userId: linkId("user_id", () => users.id),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    // One import at a time per install: a second concurrent start breaks this index (409).
    uniqueIndex("contact_imports_one_running_key").on(sql`(true)`).where(sql`${t.status} = 'running'`),
    check("contact_imports_status_check", inValues(t.status, contactImportStatuses)),
    check("contact_imports_template_type_check", inValues(t.templateType, contactImportTemplateTypes)),
    check("contact_imports_language_check", inValues(t.language, languages)),
    check(
      "contact_imports_counts_check",
      sql`${t.successCount} + ${t.failedCount} + ${t.repeatedCount} <= ${t.totalCount} and ${t.successCount} >= 0 and ${t.failedCount} >= 0 and ${t.repeatedCount} >= 0`,
    ),
    index("contact_imports_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** A row that was not imported: its place in the file, its cells and why (failed-rows CSV). */
export const contactImportFailures = pgTable(
  "contact_import_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    importId: ownerId("import_id", () => contactImports.id),
    /** 1-based line of the data row in the file, the header being line 1. */
    rowNumber: integer("row_number").notNull(),
    cells: jsonb("cells").$type<string[]>().notNull(),
    reason: text("reason", { enum: contactImportRowErrors }).notNull(),
  },
  (t) => [
    check("contact_import_failures_reason_check", inValues(t.reason, contactImportRowErrors)),
    index("contact_import_failures_import_idx").on(t.importId, t.rowNumber),
  ],
);
