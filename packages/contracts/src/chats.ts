import { z } from "zod";
import { dayOrTimestamp, idList, listPage, pageNumber, positiveId, queryFlag, userRef } from "./common.js";
import { limits } from "./limits.js";
import { presenceStatuses } from "./presence.js";
import { messageFileFields, messageMediaTypes, quotedFields, sendMessageBody } from "./messages.js";

// The internal team chat (spec §3, §4, §7; docs/decisions/0038-internal-chats.md).

/** A participant as a chat shows them (spec §3 `userChat`): the drawer lists name, email and extension. */
export const chatParticipant = z.object({
  userId: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string(), extension: z.string().nullable(), presence: z.enum(presenceStatuses) }),
});
export type ChatParticipant = z.infer<typeof chatParticipant>;

/**
 * An internal chat (spec §3), as one user sees it. A direct chat (two users, `isGroup` false) is
 * named after the other participant for a participant, "A, B" for an admin reading it with
 * show-all; a group has its own name. `unreadMessages` is the viewer's (0 for a non-participant).
 * `lastMessage` is the newest message's text (its file name for a file, "" once deleted);
 * `updatedAt` moves with every message. `ownerId` is who created it: the only one who removes
 * others from a group. The spec's `contact`/`contactId` are left out: chats are between users only.
 */
export const chat = z.object({
  id: z.number(),
  name: z.string(),
  isGroup: z.boolean(),
  pictureUrl: z.string().nullable(),
  ownerId: z.number().nullable(),
  lastMessage: z.string(),
  /**
   * The newest message's kind and file name when it is not a text (null for a text or none), so a
   * list labels it ("📷 Photo") instead of showing a file name. Optional: a server that leaves it
   * out gets `lastMessage` shown as it is.
   */
  lastMessageMedia: z.object({ mediaType: z.enum(messageMediaTypes), fileName: z.string().nullable() }).nullable().optional(),
  unreadMessages: z.number(),
  userChat: z.array(chatParticipant),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof chat>;

/** Chat-message delivery (spec §3, §9): 1 sent, 2 delivered to a participant's socket, 3 read by every other participant. */
export const chatMessageAcks = [0, 1, 2, 3, 4] as const;
export type ChatMessageAck = (typeof chatMessageAcks)[number];

/** The message a reply quotes, as the bubble shows it (`sender` stands for the spec's contact name). */
export const quotedChatMessage = z.object({ ...quotedFields, sender: userRef.nullable() });
export type QuotedChatMessage = z.infer<typeof quotedChatMessage>;

/**
 * A message of an internal chat (spec §3), as one user sees it: `fromMe` is the viewer's own. A
 * deleted message keeps its place with `isDeleted` and an empty body and no file (shown as "message
 * deleted"). `mediaUrl` is `/api/media/{name}`, fetched with the bearer token by who may read the
 * chat. `sender` is null only if the user was removed from the database.
 */
export const chatMessage = z.object({
  id: z.number(),
  chatId: z.number(),
  body: z.string(),
  ...messageFileFields,
  ack: z.literal(chatMessageAcks),
  isDeleted: z.boolean(),
  fromMe: z.boolean(),
  sender: userRef.nullable(),
  quotedMsg: quotedChatMessage.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A group's name (spec §5: 3–25 characters). */
export const groupName = z.string().trim().min(limits.groupName.min).max(limits.groupName.max);

/**
 * GET /chats: the caller's chats, those with unread messages first, then the most recently
 * active; `limits.pageSize` a page. `searchParam` matches the chat's name or a participant's name;
 * `date` (yyyy-mm-dd, or an ISO timestamp: its day, both on the install's clock) keeps chats active that day; `withUnreadMessages` those with unread;
 * `showAll` (admins only, ignored for others) lists every chat. `count` counts every match.
 */
export const listChatsQuery = z.object({
  searchParam: z.string().trim().max(limits.searchMaxChars).default(""),
  pageNumber,
  date: dayOrTimestamp.optional(),
  withUnreadMessages: queryFlag,
  showAll: queryFlag,
});
export type ListChatsQuery = z.input<typeof listChatsQuery>;
export const chatPage = listPage("chats", chat).extend({ count: z.number() });
export type ChatPage = z.infer<typeof chatPage>;

/**
 * POST /chats: `participantIds` include the caller (added if missing). Two users in all make a
 * direct chat (`chatName` ignored): it exists once, so asking again answers the existing chat
 * (200 instead of 201). More make a group, which needs `chatName` (3–25; 400 ERR_MISSING_VALUES).
 */
export const createChatBody = z.object({
  participantIds: idList.pipe(z.array(z.number()).min(1)),
  chatName: z.string().trim().max(limits.groupName.max).default(""),
});
export type CreateChatBody = z.input<typeof createChatBody>;

/** PUT /chats/{id}: renames a group (any participant). */
export const renameChatBody = z.object({ name: groupName });
export type RenameChatBody = z.input<typeof renameChatBody>;

/** POST /chats/{id}/participant: adds users to a group (any participant); members already in count once. */
export const addChatParticipantsBody = z.object({ participantIds: idList.pipe(z.array(z.number()).min(1)) });
export type AddChatParticipantsBody = z.input<typeof addChatParticipantsBody>;

export const chatParticipantParam = z.object({ id: positiveId, userId: positiveId });
export const chatIdParam = z.object({ chatId: positiveId });

/** GET /chatmessages/{chatId}: page 1 holds the newest `limits.messagePageSize` messages, each page oldest first. */
export const listChatMessagesQuery = z.object({ pageNumber });
export const chatMessagePage = listPage("messages", chatMessage);
export type ChatMessagePage = z.infer<typeof chatMessagePage>;

/**
 * POST /chatmessages/{chatId} as JSON: a text, optionally quoting a message of the same chat
 * (`quotedMsg.id`). Multipart instead: `medias` (1–10 files) and an optional `body` caption, with
 * the same checks as ticket messages (413, 415). Participants only.
 */
export const sendChatMessageBody = sendMessageBody;
export type SendChatMessageBody = z.input<typeof sendChatMessageBody>;
export const sentChatMessages = z.object({ messages: z.array(chatMessage) });
export type SentChatMessages = z.infer<typeof sentChatMessages>;

/**
 * DELETE /chatmessages/{id}: the sender deletes their own message (soft). `isLastMessageSent` is
 * accepted because the spec's client sends it, and ignored: the server knows which message is last.
 */
// nullish: Fastify hands a DELETE without a body on as null.
export const deleteChatMessageBody = z.object({ isLastMessageSent: z.boolean().optional() }).nullish();

/**
 * `chat` socket event (spec §4, §7), to the chat's participants (each with their own view) and to
 * admins (show-all readers). `removeParticipant` also reaches the removed user, then nothing more
 * does. `updateUnread` goes to the one user whose unread count went to 0. `delete`: the last member
 * left the group.
 */
export const chatEvent = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update", "addParticipant"]), chat }),
  z.object({ action: z.literal("removeParticipant"), chat, userId: z.number() }),
  z.object({ action: z.literal("updateUnread"), chatId: z.number() }),
  z.object({ action: z.literal("delete"), chatId: z.number() }),
]);
export type ChatEvent = z.infer<typeof chatEvent>;

/**
 * `appChatMessage` socket event (spec §7), to the chat's participants and admins: `create` with the
 * chat as the receiver now sees it (lastMessage, unreadMessages), `update` with the changed
 * message (ack, deleted).
 */
export const appChatMessageEvent = z.discriminatedUnion("action", [
  z.object({ action: z.literal("create"), message: chatMessage, chat }),
  z.object({ action: z.literal("update"), message: chatMessage }),
]);
export type AppChatMessageEvent = z.infer<typeof appChatMessageEvent>;
