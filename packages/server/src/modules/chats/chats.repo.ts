import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chatParticipants, chats, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";

export type ChatRow = typeof chats.$inferSelect;

/** A participant with their read state (each viewer's unread count comes from here). */
export interface ParticipantRecord {
  userId: number;
  user: { id: number; name: string; email: string; extension: string | null };
  unreadMessages: number;
  lastReadMessageId: number;
}

/** A chat with every participant: what the presenter makes each viewer's Chat from, and the policy reads. */
export interface ChatRecord {
  row: ChatRow;
  participants: ParticipantRecord[];
}

export function participantIdsOf(record: ChatRecord): number[] {
  return record.participants.map((p) => p.userId);
}

/** The key two users' one direct chat carries, whichever of them asks (docs/decisions/0038). */
export function directKeyOf(a: number, b: number): string {
  return `${Math.min(a, b)}:${Math.max(a, b)}`;
}

/** Chats with their participants in two queries, in the order of `ids`; missing ids are left out. */
export async function loadChatRecords(db: Db, ids: readonly number[]): Promise<ChatRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(chats).where(inArray(chats.id, [...ids]));
  const members = await db
    .select({
      chatId: chatParticipants.chatId,
      userId: chatParticipants.userId,
      unreadMessages: chatParticipants.unreadMessages,
      lastReadMessageId: chatParticipants.lastReadMessageId,
      user: { id: users.id, name: users.name, email: users.email, extension: users.extension },
    })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(inArray(chatParticipants.chatId, [...ids]))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const byChat = new Map<number, ParticipantRecord[]>(ids.map((id) => [id, []]));
  for (const { chatId, ...member } of members) byChat.get(chatId)?.push(member);
  const byId = new Map(rows.map((row) => [row.id, { row, participants: byChat.get(row.id) ?? [] }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One chat with its participants; 404 ERR_NO_CHAT_FOUND when it does not exist. */
export async function loadChatRecord(db: Db, id: number): Promise<ChatRecord> {
  const [record] = await loadChatRecords(db, [id]);
  if (!record) throw new AppError("ERR_NO_CHAT_FOUND");
  return record;
}
