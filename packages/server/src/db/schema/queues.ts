import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const queues = pgTable(
  "queues",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Upper-case #RRGGBB, so one colour has one spelling and the unique index holds. */
    color: text("color").notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("queues_name_key").on(sql`lower(${t.name})`),
    uniqueIndex("queues_color_key").on(t.color),
    check("queues_color_check", sql`${t.color} ~ '^#[0-9A-F]{6}$'`),
  ],
);

/** Queue membership: which queues' tickets and events a user receives. */
export const userQueues = pgTable(
  "user_queues",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index("user_queues_queue_idx").on(t.queueId)],
);
