import { limits } from "@atendo/contracts";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { chatMessages } from "../../db/schema/index.js";
import { chatMessageRecords, chatMessageViews } from "./chat.presenter.js";
import { emitToChat } from "./chat-events.js";
import type { ChatRecord } from "./chats.repo.js";

/** Acks of chat messages (spec §3, §9; docs/decisions/0038). Stored on the row, as ticket messages' are. */
export const chatAck = { sent: 1, delivered: 2, read: 3 } as const;

/**
 * Turns "read" every message of the chat that every other current participant has read (their
 * last-read id covers it), after someone read or left. Each changed message is announced
 * (`appChatMessage` `update`), the newest `limits.messagePageSize` only: older ones are off
 * screen and show their stored ack when their page is fetched again.
 */
export async function settleReadAcks(ctx: AppContext, record: ChatRecord): Promise<void> {
  const m = chatMessages;
  const changed = await ctx.db
    .update(m)
    .set({ ack: chatAck.read, updatedAt: new Date() })
    .where(
      and(
        eq(m.chatId, record.row.id),
        lt(m.ack, chatAck.read),
        eq(m.isDeleted, false),
        sql`not exists (select 1 from chat_participants p where p.chat_id = ${m.chatId}
          and p.user_id is distinct from ${m.senderId} and p.last_read_message_id < ${m.id})`,
      ),
    )
    .returning();
  if (changed.length === 0) return;
  const newest = changed.sort((a, b) => b.id - a.id).slice(0, limits.messagePageSize);
  for (const message of await chatMessageRecords(ctx.db, newest.reverse())) {
    const messageFor = chatMessageViews(message);
    await emitToChat(ctx, record, "appChatMessage", (viewerId) => ({ action: "update", message: messageFor(viewerId) }));
  }
}

/** The newest message id of a chat (0 when it has none): where a reader or a new member's reading starts. */
export async function newestMessageId(ctx: AppContext, chatId: number): Promise<number> {
  const [row] = await ctx.db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(desc(chatMessages.id)).limit(1);
  return row?.id ?? 0;
}
