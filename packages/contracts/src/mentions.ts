import { z } from "zod";
import { pageNumber, positiveId, userRef } from "./common.js";

/** Characters of a note an entry of the mentions list shows. */
export const mentionExcerptMax = 140;

/** One mention of the signed-in user in a note (issue 29, docs/decisions/0073). */
export const mention = z.object({
  id: z.number(),
  noteId: z.number(),
  ticketId: z.number(),
  /** The ticket's contact; null for a deleted contact's ticket. */
  contactName: z.string().nullable(),
  /** The note's start, at most mentionExcerptMax characters. */
  excerpt: z.string(),
  author: userRef.nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Mention = z.infer<typeof mention>;

/** GET /mentions {pageNumber}: one's own mentions, unread first, newest first; `unread` counts them all. */
export const listMentionsQuery = z.object({ pageNumber });
export const mentionPage = z.object({ mentions: z.array(mention), hasMore: z.boolean(), unread: z.number() });
export type MentionPage = z.infer<typeof mentionPage>;

/** PUT /mentions/{id}: marks one's own mention read (or unread again). */
export const mentionIdParam = z.object({ id: positiveId });
export const updateMentionBody = z.object({ read: z.boolean() });
export const mentionResponse = z.object({ mention, unread: z.number() });
export type MentionResponse = z.infer<typeof mentionResponse>;

/** `mention` socket event, to the mentioned user only: a new mention, or one marked read/unread, or one whose note was deleted; `unread` is their count now. */
export const mentionEvent = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), mention, unread: z.number() }),
  /** Its note was deleted. */
  z.object({ action: z.literal("delete"), mentionId: z.number(), unread: z.number() }),
]);
export type MentionEvent = z.infer<typeof mentionEvent>;
