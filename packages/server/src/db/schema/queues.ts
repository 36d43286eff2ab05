import { queueAssignmentModes } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { businessHoursColumns } from "./business-hours.js";
import { ownerId, serialId, timestamps } from "./columns.js";
import { inValues } from "./in-values.js";
import { uniqueNameKey } from "./indexes.js";
import { users } from "./users.js";

export const queues = pgTable(
  "queues",
  {
    id: serialId(),
    name: text("name").notNull(),
    /** Upper-case #RRGGBB, so one colour has one spelling and the unique index holds. */
    color: text("color").notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    ...businessHoursColumns(),
    assignment: text("assignment", { enum: queueAssignmentModes }).notNull().default("manual"),
    /** SLA targets in minutes (null: no target), counted within the opening hours when set. */
    slaFirstResponseMinutes: integer("sla_first_response_minutes"),
    slaResolutionMinutes: integer("sla_resolution_minutes"),
    /** Automatic modes: a returning customer goes to their last attendant when online and under capacity (decision 0079). */
    returnToLastAttendant: boolean("return_to_last_attendant").notNull().default(false),
    /** The admin may turn the assistant off for the queue's tickets (decision 0094). */
    assistantEnabled: boolean("assistant_enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueNameKey("queues", t.name),
    uniqueIndex("queues_color_key").on(t.color),
    check("queues_color_check", sql`${t.color} ~ '^#[0-9A-F]{6}$'`),
    check("queues_assignment_check", inValues(t.assignment, queueAssignmentModes)),
    check(
      "queues_sla_minutes_check",
      sql`coalesce(${t.slaFirstResponseMinutes}, 1) > 0 and coalesce(${t.slaResolutionMinutes}, 1) > 0`,
    ),
  ],
);

/** Queue membership: which queues' tickets and events a user receives. */
export const userQueues = pgTable(
  "user_queues",
  {
    userId: ownerId("user_id", () => users.id),
    queueId: ownerId("queue_id", () => queues.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index("user_queues_queue_idx").on(t.queueId)],
);
