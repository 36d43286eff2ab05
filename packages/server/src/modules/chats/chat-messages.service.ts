import type { ChatMessagePage } from "@atendo/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { chatMessages, chatParticipants, chats } from "../../db/schema/index.js";
import { conversationPage } from "../../db/paging.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { newestMessageId, settleReadAcks } from "./chat-acks.js";
import { emitToChat } from "./chat-events.js";
import { chatFor, chatMessageFor, chatMessageRecord, chatMessageRecords } from "./chat.presenter.js";
import { assertChatAbility, chatAbilitiesOf } from "./chat.policy.js";
import { loadChatRecord } from "./chats.repo.js";

/** GET /chatmessages/{chatId}: newest page first, each page oldest first; for who may read the chat. */
export async function listChatMessages(ctx: AppContext, actor: Actor, chatId: number, pageNumber: number): Promise<ChatMessagePage> {
  assertChatAbility(actor, await loadChatRecord(ctx.db, chatId), "read");
  const page = await conversationPage(ctx.db, chatMessages, { column: chatMessages.chatId, id: chatId }, pageNumber);
  const records = await chatMessageRecords(ctx.db, page.items);
  return { messages: records.map((record) => chatMessageFor(record, actor.id)), hasMore: page.hasMore };
}

/**
 * PUT /chatmessages/{chatId}: a participant has read everything so far. Their unread count goes
 * to 0 (a `chat` `updateUnread` to them alone) and messages every other participant has now read
 * turn "read". An admin reading someone else's chat changes nothing (and is not refused: the web
 * calls this whenever a chat page is left).
 */
export async function markChatRead(ctx: AppContext, actor: Actor, chatId: number): Promise<void> {
  const record = await loadChatRecord(ctx.db, chatId);
  assertChatAbility(actor, record, "read");
  if (!chatAbilitiesOf(actor, record).write) return;
  const lastReadMessageId = await newestMessageId(ctx, chatId);
  const [before] = await ctx.db
    .select({ unread: chatParticipants.unreadMessages })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, actor.id)));
  await ctx.db
    .update(chatParticipants)
    .set({ unreadMessages: 0, lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${lastReadMessageId})` })
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, actor.id)));
  if ((before?.unread ?? 0) > 0) {
    await ctx.events.emit("chat.changed", { name: "chat", participantIds: [actor.id], admins: false, payloadFor: () => ({ action: "updateUnread", chatId }) });
  }
  await settleReadAcks(ctx, await loadChatRecord(ctx.db, chatId));
}

/**
 * DELETE /chatmessages/{id}: the sender, still a participant, deletes their own message. It stays
 * in place, deleted (its file removed); the chat's last message is cleared when it was the newest.
 * Deleting it again changes nothing.
 */
export async function deleteChatMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, id));
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  const record = await loadChatRecord(ctx.db, row.chatId);
  assertChatAbility(actor, record, "read");
  if (row.senderId !== actor.id || !chatAbilitiesOf(actor, record).write) throw new AppError("ERR_NO_PERMISSION");
  if (row.isDeleted) return;
  await ctx.db.update(chatMessages).set({ isDeleted: true, mediaName: null, updatedAt: new Date() }).where(eq(chatMessages.id, id));
  if (row.mediaName) await ctx.media.remove(row.mediaName);
  // Cleared only while the chat still shows this message: a newer one sent meanwhile stays.
  const cleared = await ctx.db
    .update(chats)
    .set({ lastMessage: "", lastMessageMediaType: null, lastMessageFileName: null })
    .where(and(eq(chats.id, row.chatId), eq(chats.lastMessageId, id)))
    .returning({ id: chats.id });
  const wasNewest = cleared.length > 0;
  const message = await chatMessageRecord(ctx.db, id);
  if (message) await emitToChat(ctx, record, "appChatMessage", (viewerId) => ({ action: "update", message: chatMessageFor(message, viewerId) }));
  if (wasNewest) {
    const after = await loadChatRecord(ctx.db, row.chatId);
    await emitToChat(ctx, after, "chat", (viewerId) => ({ action: "update", chat: chatFor(after, viewerId) }));
  }
}
