import { bigint, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

/**
 * Rows brought over from another install (docs/decisions/0049-whaticket-import.md): one row per
 * imported source row, written in the same transaction as the row itself, so a second or an
 * interrupted run knows exactly what is already here. `source` fingerprints the source install;
 * `sourceId` is text because Whaticket's message ids are WhatsApp ids, not numbers.
 */
export const importMappings = pgTable(
  "import_mappings",
  {
    source: text("source").notNull(),
    sourceTable: text("source_table").notNull(),
    sourceId: text("source_id").notNull(),
    /** The Atendo row (users.id, contacts.id, messages.id…); several sources may share one (merged contacts). */
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.sourceTable, t.sourceId] }),
    // "Which source rows became this Atendo row": the merged-contact and report queries.
    index("import_mappings_target_idx").on(t.sourceTable, t.targetId),
  ],
);
