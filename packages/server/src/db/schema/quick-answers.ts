import { sql } from "drizzle-orm";
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const quickAnswers = pgTable(
  "quick_answers",
  {
    id: serial("id").primaryKey(),
    shortcut: text("shortcut").notNull(),
    message: text("message").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // text_pattern_ops lets `lower(shortcut) LIKE 'abc%'` (the "/" lookup) use this index
    // whatever the database collation; it still enforces case-insensitive uniqueness.
    uniqueIndex("quick_answers_shortcut_key").on(sql`lower(${t.shortcut}) text_pattern_ops`),
  ],
);
