import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { bigserialId, createdAt, timestamptz } from "./columns.js";
import { inValues } from "./in-values.js";

export const eventDeliveryStatuses = ["pending", "failed"] as const;

/**
 * The outbox of durable event listeners (events/event-outbox.ts): one row per event and listener,
 * written by the transaction that published the event, claimed by one instance (FOR UPDATE SKIP
 * LOCKED, then a lease), deleted once the listener ran, kept as failed after its last attempt.
 */
export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    id: bigserialId(),
    listener: text("listener").notNull(),
    event: text("event").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: eventDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Due from then: at once, after a failed attempt's backoff, or when a claim's lease ends. */
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    /** How many automatic steps led to the event (0: a person, a customer, a job): the automation loop guard (decision 0093). */
    depth: smallint("depth").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_deliveries_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    check("event_deliveries_status_check", inValues(t.status, eventDeliveryStatuses)),
  ],
);
