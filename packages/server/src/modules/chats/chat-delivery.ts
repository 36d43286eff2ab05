import { limits } from "@atendo/contracts";
import { and, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import { chatMessages, chatParticipants } from "../../db/schema/index.js";
import { chatAck } from "./chat-acks.js";
import { emitToChat } from "./chat-events.js";
import { chatMessageRecords, chatMessageViews, type ChatMessageRow } from "./chat.presenter.js";
import { loadChatRecords } from "./chats.repo.js";

/**
 * Messages to this user still "sent" (nobody else had a live socket when they were sent) turn
 * "delivered" (spec §3, §9; docs/decisions/0038), in one statement. Only what the user has not
 * read can be waiting: from each of their chats, the messages after their last-read id, through
 * `chat_messages_chat_page_idx` (chat, id) — what one unread backlog costs, nothing when none.
 */
function prepareDeliver(db: Db, name: string) {
  const m = chatMessages;
  const p = chatParticipants;
  const user = sql.placeholder("userId");
  return db
    .update(m)
    .set({ ack: chatAck.delivered, updatedAt: sql`${sql.placeholder("now")}::timestamptz` })
    .from(p)
    .where(
      and(
        eq(p.userId, user),
        eq(m.chatId, p.chatId),
        gt(m.id, p.lastReadMessageId),
        eq(m.ack, chatAck.sent),
        eq(m.isDeleted, false),
        // Their own messages wait for someone else.
        sql`${m.senderId} is distinct from ${user}`,
      ),
    )
    .returning()
    .prepare(name);
}

/**
 * A socket of this user connected: what was waiting for them is delivered, and each chat hears
 * it (`appChatMessage` `update`: the senders see two ticks), the newest `messagePageSize` per
 * chat only, as for read acks: older ones show their stored ack when their page is fetched.
 */
export async function deliverWaitingMessages(ctx: AppContext, userId: number): Promise<void> {
  const query = prepared(ctx.db, "deliver_chat_messages", prepareDeliver);
  const changed: ChatMessageRow[] = await query.execute({ userId, now: new Date() });
  if (changed.length === 0) return;
  const byChat = new Map<number, ChatMessageRow[]>();
  for (const row of changed.sort((a, b) => a.id - b.id)) {
    const rows = byChat.get(row.chatId);
    if (rows) rows.push(row);
    else byChat.set(row.chatId, [row]);
  }
  const newest = [...byChat.values()].flatMap((rows) => rows.slice(-limits.messagePageSize));
  const [records, messages] = await Promise.all([loadChatRecords(ctx.db, [...byChat.keys()]), chatMessageRecords(ctx.db, newest)]);
  for (const record of records) {
    for (const message of messages.filter((m) => m.row.chatId === record.row.id)) {
      const messageFor = chatMessageViews(message);
      await emitToChat(ctx, record, "appChatMessage", (viewerId) => ({ action: "update", message: messageFor(viewerId) }));
    }
  }
}

/** From now on, every socket that connects delivers what waited for its user. */
export function deliverOnConnect(ctx: AppContext): void {
  ctx.realtime.onConnected((actor) => {
    deliverWaitingMessages(ctx, actor.id).catch((error: unknown) => ctx.log.error({ err: error, userId: actor.id }, "chat delivery acks failed"));
  });
}
