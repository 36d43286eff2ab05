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

export function chatFor(record: ChatRecord, viewerId: number | null): Chat {
  const { row } = record;
  return {
    id: row.id,
    name: nameFor(record, viewerId),
    isGroup: row.isGroup,
    pictureUrl: null,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    unreadMessages: record.participants.find((p) => p.userId === viewerId)?.unreadMessages ?? 0,
    userChat: record.participants.map(({ userId, user }) => ({ userId, user })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
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

/** Rows to records: quoted messages and senders in two more queries, whatever the number of rows. */
export async function chatMessageRecords(db: Db, rows: readonly ChatMessageRow[]): Promise<ChatMessageRecord[]> {
  const quotedIds = [...new Set(rows.map((row) => row.quotedMsgId).filter((id): id is number => id !== null))];
  const quotedRows = quotedIds.length === 0 ? [] : await db.select().from(chatMessages).where(inArray(chatMessages.id, quotedIds));
  const senders = await sendersOf(db, [...rows, ...quotedRows].map((row) => row.senderId));
  const senderOf = (id: number | null): Sender => (id === null ? null : (senders.get(id) ?? null));
  const quoted = new Map(
    quotedRows.map((q) => [
      q.id,
      { id: q.id, body: q.isDeleted ? "" : q.body, mediaType: q.mediaType, isDeleted: q.isDeleted, sender: senderOf(q.senderId), senderId: q.senderId },
    ]),
  );
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
