import type { Chat, ChatMessage, QuotedChatMessage } from "@atendo/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chatMessages, users } from "../../db/schema/index.js";
import { mediaUrlOf } from "../messages/message.presenter.js";
import type { ChatRecord } from "./chats.repo.js";

/**
 * Chats and their messages differ by viewer (unread count, a direct chat's name, `fromMe`): they
 * are loaded once as records and presented per viewer, so an event to ten participants costs
 * no more queries than one. `viewerId` null: an admin reading with show-all, not taking part.
 */

function nameFor(record: ChatRecord, viewerId: number | null): string {
  if (record.row.isGroup) return record.row.name;
  const others = record.participants.filter((p) => p.userId !== viewerId);
  return others.map((p) => p.user.name).join(", ");
}

/**
 * Each viewer's Chat from one record: what every copy shares (participants, times) is built once,
 * then each viewer costs a small object (their name for a direct chat, their unread count).
 */
export function chatViews(record: ChatRecord): (viewerId: number | null) => Chat {
  const { row } = record;
  const userChat = record.participants.map(({ userId, user }) => ({ userId, user }));
  const unread = new Map(record.participants.map((p) => [p.userId, p.unreadMessages]));
  const createdAt = row.createdAt.toISOString();
  const updatedAt = row.updatedAt.toISOString();
  return (viewerId) => ({
    id: row.id,
    name: nameFor(record, viewerId),
    isGroup: row.isGroup,
    pictureUrl: null,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    lastMessageMedia: row.lastMessageMediaType === null ? null : { mediaType: row.lastMessageMediaType, fileName: row.lastMessageFileName },
    unreadMessages: (viewerId === null ? undefined : unread.get(viewerId)) ?? 0,
    userChat,
    createdAt,
    updatedAt,
  });
}

export function chatFor(record: ChatRecord, viewerId: number | null): Chat {
  return chatViews(record)(viewerId);
}

export type ChatMessageRow = typeof chatMessages.$inferSelect;
type Sender = { id: number; name: string } | null;
type QuotedRecord = Omit<QuotedChatMessage, "fromMe"> & { senderId: number | null };

/** A stored message with what every viewer's copy shows: its sender and the message it quotes. */
export interface ChatMessageRecord {
  row: ChatMessageRow;
  sender: Sender;
  quoted: QuotedRecord | null;
}

async function sendersOf(db: Db, ids: readonly (number | null)[]): Promise<Map<number, { id: number; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What every copy of a reply shows of the message it quotes (nothing of what a deleted one said). */
export function quotedRecordOf(q: Pick<ChatMessageRow, "id" | "body" | "mediaType" | "isDeleted" | "senderId">, sender: Sender): QuotedRecord {
  return { id: q.id, body: q.isDeleted ? "" : q.body, mediaType: q.mediaType, isDeleted: q.isDeleted, sender, senderId: q.senderId };
}

/** Rows to records: quoted messages and senders in two more queries, whatever the number of rows. */
export async function chatMessageRecords(db: Db, rows: readonly ChatMessageRow[]): Promise<ChatMessageRecord[]> {
  const quotedIds = [...new Set(rows.map((row) => row.quotedMsgId).filter((id): id is number => id !== null))];
  const quotedRows = quotedIds.length === 0 ? [] : await db.select().from(chatMessages).where(inArray(chatMessages.id, quotedIds));
  const senders = await sendersOf(db, [...rows, ...quotedRows].map((row) => row.senderId));
  const senderOf = (id: number | null): Sender => (id === null ? null : (senders.get(id) ?? null));
  const quoted = new Map(quotedRows.map((q) => [q.id, quotedRecordOf(q, senderOf(q.senderId))]));
  return rows.map((row) => ({ row, sender: senderOf(row.senderId), quoted: row.quotedMsgId === null ? null : (quoted.get(row.quotedMsgId) ?? null) }));
}

/** One message row again (after an update), as a record. */
export async function chatMessageRecord(db: Db, id: number): Promise<ChatMessageRecord | undefined> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  const [record] = await chatMessageRecords(db, rows);
  return record;
}

/** A deleted message keeps its place but shows nothing of what it said (spec §4). */
export function chatMessageFor(record: ChatMessageRecord, viewerId: number | null): ChatMessage {
  const { row, quoted } = record;
  return {
    id: row.id,
    chatId: row.chatId,
    body: row.isDeleted ? "" : row.body,
    mediaType: row.mediaType,
    mediaUrl: row.isDeleted ? null : mediaUrlOf(row.mediaName),
    mimeType: row.isDeleted ? null : row.mimeType,
    fileName: row.isDeleted ? null : row.fileName,
    ack: row.ack,
    isDeleted: row.isDeleted,
    fromMe: row.senderId !== null && row.senderId === viewerId,
    sender: record.sender,
    quotedMsg: quoted && {
      id: quoted.id,
      body: quoted.body,
      fromMe: quoted.senderId !== null && quoted.senderId === viewerId,
      mediaType: quoted.mediaType,
      isDeleted: quoted.isDeleted,
      sender: quoted.sender,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Each viewer's copy of one message, for an event to many: built once; only the sender (and the
 * quoted message's sender) get a copy of their own, with `fromMe` set; everyone else shares it.
 */
export function chatMessageViews(record: ChatMessageRecord): (viewerId: number | null) => ChatMessage {
  const shared = chatMessageFor(record, null);
  const senderId = record.row.senderId;
  const quotedSenderId = record.quoted?.senderId ?? null;
  return (viewerId) => {
    if (viewerId === null || (viewerId !== senderId && viewerId !== quotedSenderId)) return shared;
    return {
      ...shared,
      fromMe: viewerId === senderId,
      quotedMsg: shared.quotedMsg && { ...shared.quotedMsg, fromMe: viewerId === quotedSenderId },
    };
  };
}
