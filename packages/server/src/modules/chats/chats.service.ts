import { groupName, limits, type Chat, type ChatPage, type createChatBody, type listChatsQuery } from "@atendo/contracts";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { chatParticipants, chats } from "../../db/schema/index.js";
import { containsPattern, pageOf, pageWindow } from "../../db/paging.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertActiveUsers } from "../queues/memberships.repo.js";
import { dayFilter } from "../tickets/ticket-filters.js";
import { chatFor } from "./chat.presenter.js";
import { assertChatAbility, chatListVisibility } from "./chat.policy.js";
import { emitToChat } from "./chat-events.js";
import { directKeyOf, loadChatRecord, loadChatRecords } from "./chats.repo.js";

type ListChats = z.output<typeof listChatsQuery>;
type CreateChat = z.output<typeof createChatBody>;

/** The filters below are written against this alias. */
const c = alias(chats, "c");

/** A direct chat is named after the other side: a search matches the other participants' names, not one's own. */
function searchFilter(actor: Actor, text: string): SQL {
  const pattern = containsPattern(text);
  return sql`(c.name ilike ${pattern} or exists (select 1 from chat_participants p join users u on u.id = p.user_id
    where p.chat_id = c.id and p.user_id <> ${actor.id} and u.name ilike ${pattern}))`;
}

function conditions(actor: Actor, query: ListChats, timeZone: string): SQL {
  const parts: SQL[] = [];
  const visible = chatListVisibility(actor, query.showAll);
  if (visible) parts.push(visible);
  if (query.searchParam) parts.push(searchFilter(actor, query.searchParam));
  if (query.date) parts.push(dayFilter(query.date, timeZone, sql`c.updated_at`));
  if (query.withUnreadMessages) parts.push(sql`coalesce(me.unread_messages, 0) > 0`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** GET /chats: chats with unread messages (for the caller) first, then the most recently active. */
export async function listChats(ctx: AppContext, actor: Actor, query: ListChats): Promise<ChatPage> {
  const me = alias(chatParticipants, "me");
  const where = conditions(actor, query, ctx.config.TIME_ZONE);
  const { limit, offset } = pageWindow(query.pageNumber);
  const joined = () => ctx.db.select({ id: c.id }).from(c).leftJoin(me, and(eq(me.chatId, c.id), eq(me.userId, actor.id)));
  const [rows, counted] = await Promise.all([
    joined()
      .where(where)
      .orderBy(sql`coalesce(me.unread_messages, 0) > 0 desc`, sql`c.updated_at desc`, sql`c.id desc`)
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(c).leftJoin(me, and(eq(me.chatId, c.id), eq(me.userId, actor.id))).where(where),
  ]);
  const page = pageOf(rows);
  const records = await loadChatRecords(
    ctx.db,
    page.items.map((row) => row.id),
  );
  return { chats: records.map((record) => chatFor(record, actor.id)), hasMore: page.hasMore, count: counted[0]?.n ?? 0 };
}

/** GET /chats/{id}: for its participants, and admins (show-all readers). */
export async function getChat(ctx: AppContext, actor: Actor, id: number): Promise<Chat> {
  const record = await loadChatRecord(ctx.db, id);
  assertChatAbility(actor, record, "read");
  return chatFor(record, actor.id);
}

/**
 * The chat's row: a new group, or the two users' one direct chat. The direct chat is inserted
 * unless its key exists (the partial unique index decides, so racing requests make one chat);
 * the loser of a race waits for the winner's commit, then reads its chat.
 */
async function insertChat(ctx: AppContext, actor: Actor, participantIds: number[], name: string): Promise<{ id: number; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const isGroup = participantIds.length > 2;
    const directKey = isGroup ? null : directKeyOf(participantIds[0] ?? 0, participantIds[1] ?? 0);
    const [inserted] = await tx
      .insert(chats)
      .values({ name: isGroup ? name : "", isGroup, directKey, ownerId: actor.id })
      .onConflictDoNothing({ target: chats.directKey, where: sql`not ${chats.isGroup}` })
      .returning({ id: chats.id });
    if (inserted) {
      await tx.insert(chatParticipants).values(participantIds.map((userId) => ({ chatId: inserted.id, userId })));
      return { id: inserted.id, created: true };
    }
    const [existing] = await tx
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.directKey, directKey ?? ""), eq(chats.isGroup, false)));
    if (!existing) throw new AppError("ERR_CREATING_CHAT");
    return { id: existing.id, created: false };
  });
}

/**
 * POST /chats: the caller and at least one other active user. Two make a direct chat, which
 * exists once: asking again returns it (`created` false, no event). More make a group named 3–25.
 */
export async function createChat(ctx: AppContext, actor: Actor, body: CreateChat): Promise<{ chat: Chat; created: boolean }> {
  const participantIds = [...new Set([actor.id, ...body.participantIds])];
  if (participantIds.length < 2) throw new AppError("ERR_MISSING_VALUES", 400, "Choose at least one other participant.");
  const name = groupName.safeParse(body.chatName);
  if (participantIds.length > 2 && !name.success) {
    throw new AppError("ERR_MISSING_VALUES", 400, `A group needs a name of ${limits.groupName.min} to ${limits.groupName.max} characters.`);
  }
  await assertActiveUsers(ctx.db, participantIds);
  const { id, created } = await insertChat(ctx, actor, participantIds, name.data ?? "");
  const record = await loadChatRecord(ctx.db, id);
  if (created) await emitToChat(ctx, record, "chat", (viewerId) => ({ action: "create", chat: chatFor(record, viewerId) }));
  return { chat: chatFor(record, actor.id), created };
}
