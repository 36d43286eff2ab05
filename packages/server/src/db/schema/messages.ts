import { messageAcks, messageMediaTypes, type MessageAck } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { bigserialId, linkId, ownerId, timestamps, timestamptz } from "./columns.js";
import { connections } from "./connections.js";
import { inValues } from "./in-values.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/** A message of a ticket, inbound or outbound (spec §3). Paged by id: arrival order. */
export const messages = pgTable(
  "messages",
  {
    id: bigserialId(),
    ticketId: ownerId("ticket_id", () => tickets.id),
    /** Null once the connection was deleted: the conversation stays as history (docs/decisions/0039). */
    connectionId: linkId("connection_id", () => connections.id),
    /** The channel's id. Null for an outgoing message until its channel gives one. */
    externalId: text("external_id"),
    body: text("body").notNull().default(""),
    fromMe: boolean("from_me").notNull().default(false),
    read: boolean("read").notNull().default(false),
    mediaType: text("media_type", { enum: messageMediaTypes }).notNull().default("chat"),
    /** File name under MEDIA_DIR (unique, never reused); served by GET /api/media/{name}. */
    mediaName: text("media_name"),
    mimeType: text("mime_type"),
    /** The file's original name, as shown and downloaded. */
    fileName: text("file_name"),
    ack: smallint("ack").$type<MessageAck>().notNull().default(0),
    /** The channel gave up delivering this outgoing message. */
    failed: boolean("failed").notNull().default(false),
    /** Why the channel could not deliver it, when the channel says (the WhatsApp Cloud API's error). */
    failureReason: text("failure_reason"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    isEdited: boolean("is_edited").notNull().default(false),
    isForwarded: boolean("is_forwarded").notNull().default(false),
    quotedMsgId: bigint("quoted_msg_id", { mode: "number" }).references((): AnyPgColumn => messages.id, { onDelete: "set null" }),
    /** In a group: who wrote it. */
    senderName: text("sender_name"),
    senderNumber: text("sender_number"),
    /**
     * An outgoing message not yet handed to its channel: due for dispatch at this time (set in
     * the same insert as the message; pushed by a lease while a worker sends it; null once the
     * channel took it or it failed). See docs/decisions/0023-durable-outbound.md.
     */
    dispatchAt: timestamptz("dispatch_at"),
    /** The attendant who sent it from Atendo. */
    userId: linkId("user_id", () => users.id),
    /** Sent by an integration through the public send API, with the install's API token (docs/decisions/0048). */
    viaApi: boolean("via_api").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // A redelivered message is a no-op: storing is idempotent on (connection, external id).
    uniqueIndex("messages_connection_external_key").on(t.connectionId, t.externalId),
    index("messages_ticket_page_idx").on(t.ticketId, t.id.desc()),
    // Deleting a ticket's messages sets their quotes to null: without this, a scan per message.
    index("messages_quoted_idx").on(t.quotedMsgId).where(sql`${t.quotedMsgId} is not null`),
    uniqueIndex("messages_media_name_key").on(t.mediaName).where(sql`${t.mediaName} is not null`),
    // The outbound sweep reads only the few messages still waiting for their channel.
    index("messages_dispatch_due_idx").on(t.dispatchAt).where(sql`${t.dispatchAt} is not null`),
    // Ticket search matches message text anywhere, case-insensitively (ILIKE '%…%'): trigrams
    // (pg_trgm, docs/decisions/0018) answer it without reading every message.
    index("messages_body_trgm_idx").using("gin", t.body.op("gin_trgm_ops")),
    // Reports count the messages of a period (docs/decisions/0039). Messages are written in time
    // order, so a BRIN index (a few pages, nothing per message written) finds the period's pages.
    index("messages_created_brin_idx").using("brin", t.createdAt),
    check("messages_ack_check", inValues(t.ack, messageAcks)),
    check("messages_media_type_check", inValues(t.mediaType, messageMediaTypes)),
  ],
);

/** Columns of a row retried with backoff (inbound failures); fresh per table. */
function retryState() {
  return {
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    ...timestamps(),
  };
}

export const inboundFailureStatuses = ["pending", "failed"] as const;

/**
 * Inbound messages a driver reported that the pipeline could not store even after retrying
 * (docs/decisions/0024-inbound-failures.md): kept here, not lost, and replayed with backoff until
 * stored (the row is then deleted) or, after the last replay, left `failed` for an operator.
 */
export const inboundFailures = pgTable(
  "inbound_failures",
  {
    id: bigserialId(),
    connectionId: ownerId("connection_id", () => connections.id),
    externalId: text("external_id").notNull(),
    /** The driver's InboundMessage as JSON, without the media bytes. */
    message: jsonb("message").notNull(),
    /** The media bytes, kept under MEDIA_DIR until the message is stored. */
    mediaName: text("media_name"),
    status: text("status", { enum: inboundFailureStatuses }).notNull().default("pending"),
    ...retryState(),
  },
  (t) => [
    uniqueIndex("inbound_failures_connection_external_key").on(t.connectionId, t.externalId),
    index("inbound_failures_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("inbound_failures_status_check", inValues(t.status, inboundFailureStatuses)),
  ],
);
