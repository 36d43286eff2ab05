import type { addChatParticipantsBody, Chat, renameChatBody } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { chatParticipants, chats } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertActiveUsers } from "../queues/memberships.repo.js";
import { newestMessageId, settleReadAcks } from "./chat-acks.js";
import { emitToChat } from "./chat-events.js";
import { chatFor } from "./chat.presenter.js";
import { assertChatAbility } from "./chat.policy.js";
import { loadChatRecord, participantIdsOf } from "./chats.repo.js";

/** PUT /chats/{id}: any participant renames a group (spec §6). */
export async function renameChat(ctx: AppContext, actor: Actor, id: number, body: z.output<typeof renameChatBody>): Promise<Chat> {
  assertChatAbility(actor, await loadChatRecord(ctx.db, id), "rename");
  await ctx.db.update(chats).set({ name: body.name }).where(eq(chats.id, id));
  const record = await loadChatRecord(ctx.db, id);
  await emitToChat(ctx, record, "chat", (viewerId) => ({ action: "update", chat: chatFor(record, viewerId) }));
  return chatFor(record, actor.id);
}

/**
 * POST /chats/{id}/participant: any participant adds active users to a group. A newcomer sees
 * the history but starts with nothing unread: their reading starts at the newest message.
 */
export async function addChatParticipants(ctx: AppContext, actor: Actor, id: number, body: z.output<typeof addChatParticipantsBody>): Promise<Chat> {
  const before = await loadChatRecord(ctx.db, id);
  assertChatAbility(actor, before, "addParticipants");
  const present = participantIdsOf(before);
  const newcomers = body.participantIds.filter((userId) => !present.includes(userId));
  await assertActiveUsers(ctx.db, newcomers);
  if (newcomers.length > 0) {
    const lastReadMessageId = await newestMessageId(ctx, id);
    await ctx.db
      .insert(chatParticipants)
      .values(newcomers.map((userId) => ({ chatId: id, userId, lastReadMessageId })))
      .onConflictDoNothing();
  }
  const record = await loadChatRecord(ctx.db, id);
  if (newcomers.length > 0) await emitToChat(ctx, record, "chat", (viewerId) => ({ action: "addParticipant", chat: chatFor(record, viewerId) }));
  return chatFor(record, actor.id);
}

/**
 * DELETE /chats/{id}/participant/{userId}: leaving (one's own id, any group member) or removing
 * someone else (the group's creator only; docs/decisions/0038). The removed user hears this
 * `removeParticipant` and nothing after it. Messages the others had all read turn "read". A
 * group left by its last member is deleted (`chat` `delete`, to admins).
 */
export async function removeChatParticipant(ctx: AppContext, actor: Actor, id: number, userId: number): Promise<void> {
  const before = await loadChatRecord(ctx.db, id);
  assertChatAbility(actor, before, userId === actor.id ? "leave" : "removeOthers");
  const removed = await ctx.db
    .delete(chatParticipants)
    .where(and(eq(chatParticipants.chatId, id), eq(chatParticipants.userId, userId)))
    .returning({ userId: chatParticipants.userId });
  if (removed.length === 0) throw new AppError("ERR_NO_USER_FOUND");
  const record = await loadChatRecord(ctx.db, id);
  await emitToChat(ctx, record, "chat", (viewerId) => ({ action: "removeParticipant", chat: chatFor(record, viewerId), userId }), [userId]);
  if (record.participants.length === 0) {
    await ctx.db.delete(chats).where(eq(chats.id, id));
    await ctx.events.emit("chat.changed", { name: "chat", participantIds: [], payloadFor: () => ({ action: "delete", chatId: id }) });
    return;
  }
  await settleReadAcks(ctx, record);
}
