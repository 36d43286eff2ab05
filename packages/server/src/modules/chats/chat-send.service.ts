import type { ChatMessage, sendChatMessageBody } from "@atendo/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { chatMessages, chatParticipants, chats } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { keepUploads, type Upload } from "../messages/uploads.js";
import { chatAck } from "./chat-acks.js";
import { emitToChat } from "./chat-events.js";
import { chatFor, chatMessageFor, chatMessageRecords } from "./chat.presenter.js";
import { assertChatAbility } from "./chat.policy.js";
import { loadChatRecord, participantIdsOf, type ChatRecord } from "./chats.repo.js";

type Draft = Pick<typeof chatMessages.$inferInsert, "body" | "mediaType" | "mediaName" | "mimeType" | "fileName" | "quotedMsgId">;

/** The chat a user is about to write in (participants only), checked before any upload is read. */
export async function chatToWrite(ctx: AppContext, actor: Actor, chatId: number): Promise<ChatRecord> {
  const record = await loadChatRecord(ctx.db, chatId);
  assertChatAbility(actor, record, "write");
  return record;
}

/** A reply quotes a message of the same chat only; any other id answers as a missing message. */
async function quotedIdFor(ctx: AppContext, chatId: number, quotedId: number | undefined): Promise<number | null> {
  if (quotedId === undefined) return null;
  const [row] = await ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, quotedId), eq(chatMessages.chatId, chatId)));
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  return row.id;
}

/**
 * Stores the messages, the chat's last message and everyone else's unread count in one
 * transaction, then announces each message to the chat (each receiver with their own unread
 * count). Delivered (ack 2) when another participant has a live socket as it is sent; the
 * sender's own reading covers what they sent.
 */
async function store(ctx: AppContext, actor: Actor, record: ChatRecord, drafts: readonly Draft[]): Promise<ChatMessage[]> {
  const chatId = record.row.id;
  const others = participantIdsOf(record).filter((id) => id !== actor.id);
  const ack = (await ctx.realtime.anyConnected(others)) ? chatAck.delivered : chatAck.sent;
  const rows = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(chatMessages)
      .values(drafts.map((draft) => ({ ...draft, chatId, senderId: actor.id, ack })))
      .returning();
    const newest = inserted[inserted.length - 1];
    if (!newest) throw new AppError("ERR_CREATING_MESSAGE");
    await tx.update(chats).set({ lastMessage: newest.body, updatedAt: new Date() }).where(eq(chats.id, chatId));
    await tx
      .update(chatParticipants)
      .set({ unreadMessages: sql`${chatParticipants.unreadMessages} + ${inserted.length}` })
      .where(and(eq(chatParticipants.chatId, chatId), ne(chatParticipants.userId, actor.id)));
    await tx
      .update(chatParticipants)
      .set({ lastReadMessageId: newest.id })
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, actor.id)));
    return inserted;
  });
  const after = await loadChatRecord(ctx.db, chatId);
  const records = await chatMessageRecords(ctx.db, rows);
  for (const message of records) {
    emitToChat(ctx, after, "appChatMessage", (viewerId) => ({ action: "create", message: chatMessageFor(message, viewerId), chat: chatFor(after, viewerId) }));
  }
  return records.map((message) => chatMessageFor(message, actor.id));
}

/** POST /chatmessages/{chatId} as JSON: a text, optionally quoting a message of the chat. */
export async function sendChatText(ctx: AppContext, actor: Actor, record: ChatRecord, input: z.output<typeof sendChatMessageBody>): Promise<ChatMessage[]> {
  const quotedMsgId = await quotedIdFor(ctx, record.row.id, input.quotedMsg?.id);
  return store(ctx, actor, record, [{ body: input.body, mediaType: "chat", quotedMsgId }]);
}

/**
 * POST /chatmessages/{chatId} as multipart: one message per file (checked and stored as for
 * ticket messages), the body as the first file's caption. Call after chatToWrite.
 */
export async function sendChatFiles(ctx: AppContext, actor: Actor, record: ChatRecord, files: readonly Upload[], caption: string): Promise<ChatMessage[]> {
  return store(ctx, actor, record, await keepUploads(ctx, files, caption));
}
