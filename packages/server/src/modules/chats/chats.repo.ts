import type { PresenceStatus } from "@atendo/contracts";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import { chatParticipants, chats, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";

export type ChatRow = typeof chats.$inferSelect;

/** A participant with their read state (each viewer's unread count comes from here). */
export interface ParticipantRecord {
  userId: number;
  user: { id: number; name: string; email: string; extension: string | null; presence: PresenceStatus };
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

/**
 * Chats and their participants (with each one's user), one row per participant, as one
 * statement: a left join, so that a chat nobody is left in still comes back (with no member).
 */
function selectChatsWithMembers(db: Db) {
  return db
    .select({
      row: chats,
      member: {
        userId: chatParticipants.userId,
        unreadMessages: chatParticipants.unreadMessages,
        lastReadMessageId: chatParticipants.lastReadMessageId,
        name: users.name,
        email: users.email,
        extension: users.extension,
        presence: users.presence,
      },
    })
    .from(chats)
    .leftJoin(chatParticipants, eq(chatParticipants.chatId, chats.id))
    .leftJoin(users, eq(users.id, chatParticipants.userId))
    .$dynamic();
}

type MemberRow = Awaited<ReturnType<typeof selectChatsWithMembers>>[number];

/** The rows above, one record per chat, in the order of `ids`; missing ids are left out. */
function recordsOf(rows: readonly MemberRow[], ids: readonly number[]): ChatRecord[] {
  const byId = new Map<number, ChatRecord>();
  for (const { row, member } of rows) {
    let record = byId.get(row.id);
    if (!record) byId.set(row.id, (record = { row, participants: [] }));
    const { userId, unreadMessages, lastReadMessageId, name, email, extension, presence } = member;
    // A chat nobody is left in comes back once, every member field null.
    if (userId === null || unreadMessages === null || lastReadMessageId === null || name === null || email === null || presence === null) continue;
    record.participants.push({ userId, unreadMessages, lastReadMessageId, user: { id: userId, name, email, extension, presence } });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const byMemberName = [asc(sql`lower(${users.name})`), asc(users.id)];

/** Chats with their participants in one query, in the order of `ids`; missing ids are left out. */
export async function loadChatRecords(db: Db, ids: readonly number[]): Promise<ChatRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectChatsWithMembers(db)
    .where(inArray(chats.id, [...ids]))
    .orderBy(...byMemberName);
  return recordsOf(rows, ids);
}

/** One chat with its participants; 404 ERR_NO_CHAT_FOUND when it does not exist. */
export async function loadChatRecord(db: Db, id: number): Promise<ChatRecord> {
  // Every send, read and event of a chat starts here: prepared, its SQL is built once.
  const query = prepared(db, "chat_record", (handle, name) =>
    selectChatsWithMembers(handle)
      .where(eq(chats.id, sql.placeholder("id")))
      .orderBy(...byMemberName)
      .prepare(name),
  );
  const [record] = recordsOf(await query.execute({ id }), [id]);
  if (!record) throw new AppError("ERR_NO_CHAT_FOUND");
  return record;
}
