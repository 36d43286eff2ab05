import { boolean, date, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";
import { connections } from "./connections.js";

/**
 * Where each connection stands in its outbound pace (issue 31, docs/decisions/0083), shared by
 * every instance: one row per connection, written by the one statement that decides a slot
 * (modules/pace/pace-sql.ts), which locks it. Made on the first slot taken.
 */
export const connectionPace = pgTable("connection_pace", {
  connectionId: integer("connection_id")
    .primaryKey()
    .references(() => connections.id, { onDelete: "cascade" }),
  /** The theoretical arrival time (GCRA): when the next slot is due at the configured pace. */
  tat: timestamptz("tat").notNull(),
  /** The install's day (time zone) `outreach` counts, and how many scheduled and bulk messages left in it. */
  day: date("day", { mode: "string" }),
  outreach: integer("outreach").notNull().default(0),
  /** The first day of outreach: the warm-up counts its days from it. */
  startedOn: date("started_on", { mode: "string" }),
  /** The pace the last decision used (copied from the connection with each decision). */
  perMinute: integer("per_minute").notNull(),
  dailyCap: integer("daily_cap").notNull(),
  warmUp: integer("warm_up").notNull(),
  /** The last decision, which the statement returns: granted, else when to ask again and why. */
  granted: boolean("granted").notNull(),
  retryAt: timestamptz("retry_at"),
  reason: text("reason", { enum: ["rate", "dailyCap"] }),
  /** How many slots the last decision granted: a sender may ask for several at once (a batch of routing's texts, decision 0102). */
  slots: integer("slots").notNull().default(0),
});
