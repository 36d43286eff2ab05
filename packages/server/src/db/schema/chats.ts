import { chatMessageAcks, messageMediaTypes, type ChatMessageAck } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { bigserialId, createdAt, linkId, ownerId, serialId, timestamps } from "./columns.js";
import { inValues } from "./in-values.js";
import { users } from "./users.js";

/**
 * An internal chat between users (spec §3): direct (two users) or a named group. A direct chat
 * carries `direct_key` "<lower id>:<higher id>", unique among direct chats: two users have one
 * direct chat however many requests race to create it (docs/decisions/0038).
 */
export const chats = pgTable(
  "chats",
  {
    id: serialId(),
    /** A group's name; "" for a direct chat (each side sees the other's name). */
    name: text("name").notNull().default(""),
    isGroup: boolean("is_group").notNull(),
    directKey: text("direct_key"),
    /** Who created it: the one who may remove others from a group. */
    ownerId: linkId("owner_id", () => users.id),
    /** The newest message's text, as the list shows it. */
    lastMessage: text("last_message").notNull().default(""),
    /** The newest message's kind and file name when it is a file (null for a text): the list shows "📷 photo.jpg" for a caption-less picture. */
    lastMessageMediaType: text("last_message_media_type", { enum: messageMediaTypes }),
    lastMessageFileName: text("last_message_file_name"),
    /**
     * The id of the message the three fields above show (null: none yet). Concurrent sends commit
     * in any order; a send writes its message here only when its id is higher, so the newest wins.
     */
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("chats_direct_key").on(t.directKey).where(sql`not ${t.isGroup}`),
    // The list orders by activity.
    index("chats_updated_idx").on(t.updatedAt.desc(), t.id.desc()),
    check("chats_direct_key_check", sql`(${t.isGroup} and ${t.directKey} is null) or (not ${t.isGroup} and ${t.directKey} is not null)`),
  ],
);

/** A user's place in a chat, with their read state: unread count and the newest message they read. */
export const chatParticipants = pgTable(
  "chat_participants",
  {
    chatId: ownerId("chat_id", () => chats.id),
    userId: ownerId("user_id", () => users.id),
    unreadMessages: integer("unread_messages").notNull().default(0),
    /** Messages up to this id are read by this user (0: none); acks turn "read" from it. */
    lastReadMessageId: bigint("last_read_message_id", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_participants_user_idx").on(t.userId)],
);

/** A message of an internal chat. Deleting it is soft: it stays in place, marked deleted. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserialId(),
    chatId: ownerId("chat_id", () => chats.id),
    /** The user who wrote it (kept when they leave the chat). */
    senderId: linkId("sender_id", () => users.id),
    body: text("body").notNull().default(""),
    mediaType: text("media_type", { enum: messageMediaTypes }).notNull().default("chat"),
    /** File name under MEDIA_DIR (unique, never reused); served by GET /api/media/{name}. */
    mediaName: text("media_name"),
    mimeType: text("mime_type"),
    fileName: text("file_name"),
    ack: smallint("ack").$type<ChatMessageAck>().notNull().default(1),
    isDeleted: boolean("is_deleted").notNull().default(false),
    quotedMsgId: bigint("quoted_msg_id", { mode: "number" }).references((): AnyPgColumn => chatMessages.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("chat_messages_chat_page_idx").on(t.chatId, t.id.desc()),
    index("chat_messages_quoted_idx").on(t.quotedMsgId).where(sql`${t.quotedMsgId} is not null`),
    uniqueIndex("chat_messages_media_name_key").on(t.mediaName).where(sql`${t.mediaName} is not null`),
    check("chat_messages_ack_check", inValues(t.ack, chatMessageAcks)),
    check("chat_messages_media_type_check", inValues(t.mediaType, messageMediaTypes)),
  ],
);
