import { campaignStatuses, type CampaignAudience, type WeeklyHours } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, linkId, ownerId, serialId, timestamps, timestamptz } from "./columns.js";
import { connections } from "./connections.js";
import { contacts } from "./contacts.js";
import { inValues } from "./in-values.js";
import { queues } from "./queues.js";
import { users } from "./users.js";

/** A campaign (issue 31, docs/decisions/0085): one message to an audience through one connection. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serialId(),
    name: text("name").notNull(),
    status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
    /** Null once the connection was deleted: the campaign is cancelled and kept as its report. */
    connectionId: linkId("connection_id", () => connections.id),
    /** Where a reply opens its ticket; null: the connection's own routing. */
    queueId: linkId("queue_id", () => queues.id),
    audience: jsonb("audience").$type<CampaignAudience>().notNull(),
    body: text("body").notNull(),
    /** The stored file sent with every message (a copy per message), and its name as uploaded. */
    mediaName: text("media_name"),
    mediaFileName: text("media_file_name"),
    mediaType: text("media_type", { enum: ["image", "audio", "video", "document"] }),
    mimeType: text("mime_type"),
    startAt: timestamptz("start_at"),
    window: jsonb("window").$type<WeeklyHours>(),
    startedAt: timestamptz("started_at"),
    finishedAt: timestamptz("finished_at"),
    createdBy: linkId("created_by", () => users.id),
    ...timestamps(),
  },
  (t) => [
    check("campaigns_status_check", inValues(t.status, campaignStatuses)),
    // The runner's one read per round: campaigns that may send (few among many finished ones).
    index("campaigns_live_idx").on(t.status).where(sql`${t.status} in ('scheduled', 'running')`),
    index("campaigns_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** Contacts an uploaded CSV added to a draft's audience. */
export const campaignContacts = pgTable(
  "campaign_contacts",
  {
    campaignId: ownerId("campaign_id", () => campaigns.id),
    contactId: ownerId("contact_id", () => contacts.id),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.contactId] })],
);

/** What a recipient's row stores; delivered, read and replied are read from the message and the reply (campaign-recipients.ts). */
export const storedRecipientStatuses = ["queued", "sent", "failed", "optedOut"] as const;

/**
 * One contact of a started campaign. `status` leaves `queued` once, in the transaction that writes
 * its message (sendOutgoingOnce's claim), so a rerun after a crash never writes twice. The lease
 * keeps two instances off the same recipients; an expired one (its instance died) is taken again.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: serialId(),
    campaignId: ownerId("campaign_id", () => campaigns.id),
    contactId: ownerId("contact_id", () => contacts.id),
    status: text("status", { enum: storedRecipientStatuses }).notNull().default("queued"),
    /** The message written for it (no foreign key: a deleted ticket's messages leave the report as it was). */
    messageId: bigint("message_id", { mode: "number" }),
    /** The closed ticket the campaign opened for it (docs/decisions/0085), kept so that a rerun reuses it. */
    ticketId: integer("ticket_id"),
    error: text("error"),
    leaseUntil: timestamptz("lease_until"),
    sentAt: timestamptz("sent_at"),
    repliedAt: timestamptz("replied_at"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaign_recipients_contact_key").on(t.campaignId, t.contactId),
    check("campaign_recipients_status_check", inValues(t.status, storedRecipientStatuses)),
    // The runner's lease: the queued recipients of a campaign in order.
    index("campaign_recipients_queued_idx").on(t.campaignId, t.id).where(sql`${t.status} = 'queued'`),
    // A reply marks the contact's sent recipients not yet replied.
    index("campaign_recipients_awaiting_reply_idx").on(t.contactId).where(sql`${t.status} = 'sent' and ${t.repliedAt} is null`),
    index("campaign_recipients_ticket_idx").on(t.ticketId).where(sql`${t.ticketId} is not null`),
  ],
);
