import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bigserialId, createdAt, linkId, ownerId, timestamps, timestamptz } from "./columns.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * A ticket's private notes (docs/decisions/0073): staff-only lines of the conversation, in their
 * own table so that nothing that reads `messages` (the channel's send, webhooks, the public send
 * API, exports, previews, unread counts) can carry one.
 */
export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: bigserialId(),
    ticketId: ownerId("ticket_id", () => tickets.id),
    /** Its author; null once their row is gone (users are normally only marked deleted). */
    userId: linkId("user_id", () => users.id),
    body: text("body").notNull(),
    /** The ticket's newest message when the note was written: where the list places it, and which message page carries it. */
    afterMessageId: bigint("after_message_id", { mode: "number" }),
    isEdited: boolean("is_edited").notNull().default(false),
    ...timestamps(),
  },
  (t) => [index("ticket_notes_ticket_after_idx").on(t.ticketId, t.afterMessageId)],
);

/** A user mentioned in a note: their notification, read or not. Deleted with the note. */
export const noteMentions = pgTable(
  "note_mentions",
  {
    id: bigserialId(),
    noteId: bigint("note_id", { mode: "number" })
      .notNull()
      .references(() => ticketNotes.id, { onDelete: "cascade" }),
    userId: ownerId("user_id", () => users.id),
    readAt: timestamptz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One mention per user and note: editing a note notifies only users newly mentioned.
    uniqueIndex("note_mentions_note_user_key").on(t.noteId, t.userId),
    // GET /mentions: one's own, newest first; the unread count reads only the unread ones.
    index("note_mentions_user_idx").on(t.userId, t.id.desc()),
    index("note_mentions_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
