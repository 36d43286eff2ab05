import { z } from "zod";
import { positiveId, timestamps, userRef } from "./common.js";

/**
 * Private notes of a ticket (issue 29, docs/decisions/0073): staff-only lines in the conversation.
 * Kept in their own table, never in `messages`, so no path that reads messages (the channel's
 * send, webhooks, the public send API, exports, the ticket's last-message preview, unread counts)
 * can ever carry one.
 */

/** Longest note text; a note is read by colleagues, not a channel, so a shorter bound than a message's. */
export const noteBodyMax = 10_000;
/** Most users one note may mention. */
export const noteMentionsMax = 20;

/**
 * A note as the message list shows it. `afterMessageId` is the newest message of the ticket when
 * the note was written (null: none yet): the list places the note right after it, and the message
 * pages carry the notes that sit among their messages.
 */
export const ticketNote = z.object({
  id: z.number(),
  ticketId: z.number(),
  body: z.string(),
  /** Null once the author's account is gone. */
  author: userRef.nullable(),
  mentionedUsers: z.array(userRef),
  afterMessageId: z.number().nullable(),
  isEdited: z.boolean(),
  ...timestamps,
});
export type TicketNote = z.infer<typeof ticketNote>;

/**
 * POST /tickets/{id}/notes: a note's text and the users it mentions (their names stay in the text).
 * Each mentioned user must be able to see the ticket (409 ERR_MENTION_NOT_VISIBLE otherwise).
 * PUT /tickets/{id}/notes/{noteId} takes the same body: the text is replaced, users newly
 * mentioned are notified, earlier mentions stay.
 */
export const noteBody = z.object({
  body: z.string().trim().min(1).max(noteBodyMax),
  mentionedUserIds: z
    .array(z.number().int().positive())
    .max(noteMentionsMax)
    .transform((ids) => [...new Set(ids)])
    .optional(),
});
export type NoteBody = z.input<typeof noteBody>;

export const noteParams = z.object({ id: positiveId, noteId: positiveId });
export const noteResponse = z.object({ note: ticketNote });
export type NoteResponse = z.infer<typeof noteResponse>;

/** A user the note composer's `@` offers, and whether they may see the ticket now. */
export const mentionCandidate = z.object({ id: z.number(), name: z.string(), seesTicket: z.boolean() });
export type MentionCandidate = z.infer<typeof mentionCandidate>;
/** GET /tickets/{id}/mention-candidates: active users, those who may see the ticket first, then by name. */
export const mentionCandidates = z.object({ users: z.array(mentionCandidate) });
export type MentionCandidates = z.infer<typeof mentionCandidates>;

/** `note` socket event, to who follows the ticket live (as its messages): a note written, edited or deleted. */
export const noteEvent = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), note: ticketNote }),
  z.object({ action: z.literal("delete"), noteId: z.number(), ticketId: z.number() }),
]);
export type NoteEvent = z.infer<typeof noteEvent>;
