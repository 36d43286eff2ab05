import { botKinds, destinationKinds, monitoringStatuses } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, type PgColumn } from "drizzle-orm/pg-core";
import { linkId, ownerId, serialId, timestamps } from "./columns.js";
import { inValues } from "./in-values.js";
import { uniqueNameKey } from "./indexes.js";
import { queues } from "./queues.js";
import { users } from "./users.js";

// Routing entities (spec §3; docs/decisions/0036). A destination is (type, id) with no foreign
// key — it names one of five tables — so the services refuse a missing target on save and refuse
// to delete a target some destination still uses; the `*_destination_idx` indexes make that
// lookup cheap.

/** A destination's two columns, with the kind constrained by a CHECK. */
function destinationColumns() {
  return {
    destinationType: text("destination_type", { enum: destinationKinds }).notNull(),
    destinationId: integer("destination_id").notNull(),
  };
}

/**
 * A destination's index, which makes "what leads to this target" cheap, and the CHECK of its kind:
 * `<table>_destination_idx` and `<table>_destination_type_check`.
 */
function destinationKeys(table: string, t: { destinationType: PgColumn; destinationId: PgColumn }) {
  return [
    index(`${table}_destination_idx`).on(t.destinationType, t.destinationId),
    check(`${table}_destination_type_check`, inValues(t.destinationType, destinationKinds)),
  ];
}

/** An interactive menu (URA). */
export const uras = pgTable("uras", {
  id: serialId(),
  name: text("name").notNull(),
  /** Sent first, above the options. */
  description: text("description").notNull(),
  /** A customer may type an attendant's extension instead of an option. */
  directDial: boolean("direct_dial").notNull().default(false),
  ...timestamps(),
});

/** One option of a menu. */
export const uraItems = pgTable(
  "ura_items",
  {
    id: serialId(),
    uraId: ownerId("ura_id", () => uras.id),
    /** Stored as typed (trimmed); matched regardless of case. */
    selector: text("selector").notNull(),
    menuName: text("menu_name").notNull(),
    ...destinationColumns(),
    /** The order the admin gave the rows: the menu lists them so. */
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("ura_items_selector_key").on(t.uraId, sql`lower(${t.selector})`),
    ...destinationKeys("ura_items", t),
  ],
);

/** A text sent to the customer before the conversation goes on to its destination. */
export const announcements = pgTable(
  "announcements",
  {
    id: serialId(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    ...destinationColumns(),
    ...timestamps(),
  },
  (t) => [
    uniqueNameKey("announcements", t.name),
    ...destinationKeys("announcements", t),
  ],
);

/** Where watched numbers go: their owner (and queue), open in attendance or recorded closed. */
export const monitorings = pgTable(
  "monitorings",
  {
    id: serialId(),
    name: text("name").notNull(),
    status: text("status", { enum: monitoringStatuses }).notNull(),
    // Deleting (disabling) the owner is refused while a monitoring names them (the service says so).
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    queueId: linkId("queue_id", () => queues.id),
    ...timestamps(),
  },
  (t) => [
    uniqueNameKey("monitorings", t.name),
    index("monitorings_user_idx").on(t.userId),
    index("monitorings_queue_idx").on(t.queueId),
    check("monitorings_status_check", inValues(t.status, monitoringStatuses)),
  ],
);

/**
 * A bot a conversation talks with (issue 33, docs/decisions/0092): a signed webhook or a Typebot.
 * Conversations wait in its stage (tickets.bot_id) until it, a keyword, its timeout or a person
 * hands them over; `fallback_*` is where they go when it cannot answer.
 */
export const bots = pgTable(
  "bots",
  {
    id: serialId(),
    name: text("name").notNull(),
    kind: text("kind", { enum: botKinds }).notNull(),
    url: text("url").notNull(),
    /** Typebot's public id of the bot ("" for a webhook bot). */
    typebotId: text("typebot_id").notNull().default(""),
    /** Signs each webhook POST (X-Atendo-Signature); a Typebot's API token when it asks for one. */
    secret: text("secret").notNull(),
    timeoutSeconds: integer("timeout_seconds").notNull(),
    keywords: text("keywords").array().notNull(),
    ...destinationColumns(),
    ...timestamps(),
  },
  (t) => [
    uniqueNameKey("bots", t.name),
    ...destinationKeys("bots", t),
    check("bots_kind_check", inValues(t.kind, botKinds)),
  ],
);
