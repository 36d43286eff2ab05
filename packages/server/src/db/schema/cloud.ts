import { bigint, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";
import { connections } from "./connections.js";
import { messages } from "./messages.js";

/**
 * The WhatsApp Cloud API's 24-hour customer-service window (docs/decisions/0089): when each
 * customer (their WhatsApp id, the contact's number) last wrote to a Cloud connection. Written
 * by the webhook with each inbound message (the latest wins); read for one ticket at a time.
 */
export const cloudServiceWindows = pgTable(
  "cloud_service_windows",
  {
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    lastInboundAt: timestamptz("last_inbound_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.number] })],
);

/** A message template component as Meta lists it (HEADER, BODY, FOOTER, BUTTONS). */
export type CloudTemplateComponent = { type: string; format?: string; text?: string };

/** The approved and pending templates of a Cloud connection's business account, as last synced. */
export const cloudTemplates = pgTable(
  "cloud_templates",
  {
    id: serial("id").primaryKey(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    language: text("language").notNull(),
    category: text("category").notNull(),
    status: text("status").notNull(),
    components: jsonb("components").$type<CloudTemplateComponent[]>().notNull(),
    syncedAt: timestamptz("synced_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cloud_templates_connection_name_language_key").on(t.connectionId, t.name, t.language)],
);

/** What a template message is, for the driver that sends it: written with the message, read by its id. */
export type CloudTemplateSend = { name: string; language: string; bodyParameters: string[]; headerParameters: string[] };

/** The template behind an outgoing message (the message's body is the template's text filled in). */
export const cloudTemplateMessages = pgTable("cloud_template_messages", {
  messageId: bigint("message_id", { mode: "number" })
    .primaryKey()
    .references(() => messages.id, { onDelete: "cascade" }),
  template: jsonb("template").$type<CloudTemplateSend>().notNull(),
});
