import type { ChatMessage, sendChatMessageBody } from "@atendo/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { keepUploads, type Upload } from "../messages/uploads.js";
import { chatAck } from "./chat-acks.js";
import { emitToChat } from "./chat-events.js";
import { chatMessageFor, chatMessageViews, chatViews } from "./chat.presenter.js";
import { storeChatMessages, type Draft, type StoredChatMessages } from "./chat-send.repo.js";
import { assertChatAbility } from "./chat.policy.js";
import { loadChatRecord, participantIdsOf, type ChatRecord } from "./chats.repo.js";

/** The chat a user is about to write in (participants only), checked before any upload is read. */
export async function chatToWrite(ctx: AppContext, actor: Actor, chatId: number): Promise<ChatRecord> {
  const record = await loadChatRecord(ctx.db, chatId);
  assertChatAbility(actor, record, "write");
  return record;
}

/**
 * The chat as the send left it, from the record read before it and what the statement returned:
 * no second read. Someone joined or left meanwhile (the counts name other users): read it again.
 */
async function chatAfterSend(ctx: AppContext, before: ChatRecord, stored: StoredChatMessages): Promise<ChatRecord> {
  const { unread } = stored;
  const same = unread.size === before.participants.length && before.participants.every((p) => unread.has(p.userId));
  if (!same) return loadChatRecord(ctx.db, before.row.id);
  return { row: stored.chat, participants: before.participants.map((p) => ({ ...p, unreadMessages: unread.get(p.userId) ?? p.unreadMessages })) };
}

/**
 * Stores the messages (with the chat's last message and everyone else's unread count, one
 * statement), then announces each to the chat, each receiver with their own unread count.
 * Delivered (ack 2) when another participant has a live socket as it is sent; otherwise it turns
 * delivered when one connects (chat-delivery.ts). The sender's own reading covers what they sent.
 */
async function store(ctx: AppContext, actor: Actor, record: ChatRecord, drafts: readonly Draft[]): Promise<ChatMessage[]> {
  if (drafts.length === 0) throw new AppError("ERR_CREATING_MESSAGE");
  const others = participantIdsOf(record).filter((id) => id !== actor.id);
  const ack = (await ctx.realtime.anyConnected(others)) ? chatAck.delivered : chatAck.sent;
  const stored = await storeChatMessages(ctx.db, { chatId: record.row.id, senderId: actor.id, ack, now: new Date() }, drafts);
  // Nothing stored: a quoted message that is not of this chat answers as a missing message.
  if (!stored) throw new AppError("ERR_NO_MESSAGE_FOUND");
  const after = await chatAfterSend(ctx, record, stored);
  const chatFor = chatViews(after);
  for (const message of stored.records) {
    const messageFor = chatMessageViews(message);
    await emitToChat(ctx, after, "appChatMessage", (viewerId) => ({ action: "create", message: messageFor(viewerId), chat: chatFor(viewerId) }));
  }
  return stored.records.map((message) => chatMessageFor(message, actor.id));
}

/** POST /chatmessages/{chatId} as JSON: a text, optionally quoting a message of the chat. */
export async function sendChatText(ctx: AppContext, actor: Actor, record: ChatRecord, input: z.output<typeof sendChatMessageBody>): Promise<ChatMessage[]> {
  return store(ctx, actor, record, [{ body: input.body, mediaType: "chat", quotedMsgId: input.quotedMsg?.id ?? null }]);
}

/**
 * POST /chatmessages/{chatId} as multipart: one message per file (checked and stored as for
 * ticket messages), the body as the first file's caption. Call after chatToWrite.
 */
export async function sendChatFiles(ctx: AppContext, actor: Actor, record: ChatRecord, files: readonly Upload[], caption: string): Promise<ChatMessage[]> {
  return store(ctx, actor, record, await keepUploads(ctx, files, caption));
}
