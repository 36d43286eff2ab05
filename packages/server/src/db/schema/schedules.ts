import { recurrenceUnits, scheduleStatuses } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { linkId, ownerId, serialId, timestamps, timestamptz } from "./columns.js";
import { connections } from "./connections.js";
import { contacts } from "./contacts.js";
import { inValues } from "./in-values.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * Scheduled messages (issue 31, docs/decisions/0084). One row is one sending: a repeating one,
 * once sent, writes the row of its next occurrence in the same transaction. A row is sent once:
 * the transaction that writes the message first moves it from pending (`sendOutgoingOnce`).
 */
export const schedules = pgTable(
  "schedules",
  {
    id: serialId(),
    /** Deleting the contact deletes what was scheduled for them. */
    contactId: ownerId("contact_id", () => contacts.id),
    /** Null once the connection was deleted: the schedule fails with ERR_NO_WAPP_FOUND when due. */
    connectionId: linkId("connection_id", () => connections.id),
    /** The author: the ticket it opens is theirs. */
    userId: ownerId("user_id", () => users.id),
    body: text("body").notNull(),
    /**
     * The series' file (decision 0084): held by its pending row, moved to the next occurrence's row
     * when one ends; each sent message gets its own link copy. A sent or failed row keeps only the
     * file's name and type (media_name null) to show what went.
     */
    mediaName: text("media_name"),
    mediaFileName: text("media_file_name"),
    mediaType: text("media_type", { enum: ["image", "audio", "video", "document"] }),
    mimeType: text("mime_type"),
    /** Sent with the author's signature, as their typed reply with the composer's signature on. */
    signed: boolean("signed").notNull().default(false),
    sendAt: timestamptz("send_at").notNull(),
    repeatEvery: text("repeat_every"),
    repeatInterval: integer("repeat_interval"),
    repeatUntil: timestamptz("repeat_until"),
    /** The series' first sending, on whose clock reading every occurrence is counted (a 31st stays the 31st). */
    anchorAt: timestamptz("anchor_at").notNull(),
    /** This row's place in its series (0: the first sending). */
    occurrence: integer("occurrence").notNull().default(0),
    status: text("status", { enum: scheduleStatuses }).notNull().default("pending"),
    /** The error code of a failed one. */
    failure: text("failure"),
    sentAt: timestamptz("sent_at"),
    ticketId: linkId("ticket_id", () => tickets.id),
    /** Not tried again before this: an instance's claim (a lease) or the connection's pace. */
    heldUntil: timestamptz("held_until"),
    ...timestamps(),
  },
  (t) => [
    index("schedules_due_idx").on(t.sendAt).where(sql`${t.status} = 'pending'`),
    index("schedules_user_idx").on(t.userId, t.sendAt),
    index("schedules_contact_idx").on(t.contactId, t.sendAt),
    check("schedules_status_check", inValues(t.status, scheduleStatuses)),
    check("schedules_repeat_check", sql`${t.repeatEvery} is null or (${inValues(t.repeatEvery, recurrenceUnits)} and ${t.repeatInterval} >= 1)`),
  ],
);
