import { sql } from "drizzle-orm";
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { linkId, serialId, timestamps } from "./columns.js";
import { users } from "./users.js";

export const quickAnswers = pgTable(
  "quick_answers",
  {
    id: serialId(),
    shortcut: text("shortcut").notNull(),
    message: text("message").notNull(),
    createdBy: linkId("created_by", () => users.id),
    ...timestamps(),
  },
  (t) => [
    // text_pattern_ops lets `lower(shortcut) LIKE 'abc%'` (the "/" lookup) use this index
    // whatever the database collation; it still enforces case-insensitive uniqueness.
    uniqueIndex("quick_answers_shortcut_key").on(sql`lower(${t.shortcut}) text_pattern_ops`),
  ],
);
