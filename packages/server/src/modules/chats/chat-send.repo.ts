import type { ChatMessageAck } from "@atendo/contracts";
import { eq, getTableColumns, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { fieldsOf } from "../../db/cte.js";
import { prepared } from "../../db/prepared.js";
import { chatMessages, chatParticipants, chats, users } from "../../db/schema/index.js";
import { quotedRecordOf, type ChatMessageRecord } from "./chat.presenter.js";
import type { ChatRow } from "./chats.repo.js";

/** A message about to be stored: a text, or one file (its caption on the first). */
export type Draft = Pick<typeof chatMessages.$inferInsert, "body" | "mediaType" | "mediaName" | "mimeType" | "fileName" | "quotedMsgId">;

function prepareSend(db: Db, name: string) {
  const p = sql.placeholder;
  const m = chatMessages;
  // The drafts come as parallel arrays (one element per message, in order), so one prepared
  // statement stores one text or ten files. A draft quoting a message that is not of this chat
  // stores nothing at all (no row back): the caller answers it as a missing message.
  const inserted = db.$with("inserted", getTableColumns(chatMessages)).as(
    sql`insert into ${m} (chat_id, sender_id, body, media_type, media_name, mime_type, file_name, quoted_msg_id, ack, created_at, updated_at)
      select ${p("chatId")}::integer, ${p("senderId")}::integer, d.body, d.media_type, d.media_name, d.mime_type, d.file_name, d.quoted_id,
        ${p("ack")}::smallint, ${p("now")}::timestamptz, ${p("now")}::timestamptz
      from unnest(${p("bodies")}::text[], ${p("mediaTypes")}::text[], ${p("mediaNames")}::text[], ${p("mimeTypes")}::text[], ${p("fileNames")}::text[], ${p("quotedIds")}::bigint[])
        with ordinality as d(body, media_type, media_name, mime_type, file_name, quoted_id, n)
      where not exists (
        select 1 from unnest(${p("quotedIds")}::bigint[]) as wanted(id)
        where wanted.id is not null
          and not exists (select 1 from ${m} as q where q.id = wanted.id and q.chat_id = ${p("chatId")}::integer))
      order by d.n
      returning *`,
  );
  // The chat row is locked before any participant row: concurrent sends to one chat queue on it
  // in the same order, as the transaction this replaces did. Ids are drawn before that lock, so
  // sends may reach it out of id order: each writes its newest message as the chat's last one only
  // when it is newer than the one there (a send that waited re-reads the row the other left), and
  // the chat's time never goes back. The newest is the highest id, the order of the chat's page.
  const ofNewest = (field: SQL) => sql`(select ${field} from ${inserted} as i order by i.id desc limit 1)`;
  const isNewer = sql`(select max(i.id) from ${inserted} as i) > coalesce(${chats.lastMessageId}, 0)`;
  const ifNewer = (value: SQL, current: SQL | AnyColumn) => sql`case when ${isNewer} then ${value} else ${current} end`;
  const touched = db.$with("touched").as(
    db
      .update(chats)
      .set({
        lastMessage: ifNewer(ofNewest(sql`i.body`), chats.lastMessage),
        lastMessageMediaType: ifNewer(ofNewest(sql`nullif(i.media_type, 'chat')`), chats.lastMessageMediaType),
        lastMessageFileName: ifNewer(ofNewest(sql`case when i.media_type <> 'chat' then i.file_name end`), chats.lastMessageFileName),
        lastMessageId: sql`greatest(${chats.lastMessageId}, (select max(i.id) from ${inserted} as i))`,
        updatedAt: sql`greatest(${chats.updatedAt}, ${p("now")}::timestamptz)`,
      })
      .where(sql`${chats.id} = (select i.chat_id from ${inserted} as i limit 1)`)
      .returning(),
  );
  // Everyone else has these messages unread; the sender has read up to the newest.
  const reading = db.$with("reading").as(
    db
      .update(chatParticipants)
      .set({
        unreadMessages: sql`case when ${chatParticipants.userId} = ${p("senderId")}::integer then ${chatParticipants.unreadMessages}
          else ${chatParticipants.unreadMessages} + (select count(*)::integer from ${inserted}) end`,
        lastReadMessageId: sql`case when ${chatParticipants.userId} = ${p("senderId")}::integer
          then greatest(${chatParticipants.lastReadMessageId}, (select max(i.id) from ${inserted} as i)) else ${chatParticipants.lastReadMessageId} end`,
      })
      .where(sql`${chatParticipants.chatId} = (select t.id from ${touched} as t)`)
      .returning({ userId: chatParticipants.userId, unreadMessages: chatParticipants.unreadMessages }),
  );
  const message = fieldsOf(inserted, getTableColumns(chatMessages));
  const chat = fieldsOf(touched, getTableColumns(chats));
  const sender = alias(users, "sender");
  const quoted = alias(chatMessages, "quoted");
  const quotedSender = alias(users, "quoted_sender");
  return db
    .with(inserted, touched, reading)
    .select({
      message,
      sender: { id: sender.id, name: sender.name },
      quoted: { id: quoted.id, body: quoted.body, mediaType: quoted.mediaType, isDeleted: quoted.isDeleted, senderId: quoted.senderId },
      quotedSender: { id: quotedSender.id, name: quotedSender.name },
      chat,
      // [user id, unread count] of every participant, as the update left them.
      unread: sql<[number, number][]>`(select json_agg(json_build_array(r.user_id, r.unread_messages)) from ${reading} as r)`,
    })
    .from(inserted)
    .innerJoin(touched, eq(chat.id, message.chatId))
    .leftJoin(sender, eq(sender.id, message.senderId))
    .leftJoin(quoted, eq(quoted.id, message.quotedMsgId))
    .leftJoin(quotedSender, eq(quotedSender.id, quoted.senderId))
    .orderBy(message.id)
    .prepare(name);
}

export interface StoredChatMessages {
  /** The messages, oldest first, with what every viewer's copy shows. */
  records: ChatMessageRecord[];
  /** The chat's row as the send left it (last message, time). */
  chat: ChatRow;
  /** Every participant's unread count after the send, by user id. */
  unread: Map<number, number>;
}

/**
 * Stores messages and everything a send changes — the chat's last message and time, everyone
 * else's unread count, the sender's reading — and reads back what the events show (sender,
 * quoted message), in one statement: atomic without a transaction, one round trip. Undefined,
 * with nothing stored, when a draft quotes a message that is not of this chat.
 */
export async function storeChatMessages(
  db: Db,
  sent: { chatId: number; senderId: number; ack: ChatMessageAck; now: Date },
  drafts: readonly Draft[],
): Promise<StoredChatMessages | undefined> {
  const query = prepared(db, "send_chat_messages", prepareSend);
  const rows = await query.execute({
    ...sent,
    bodies: drafts.map((d) => d.body ?? ""),
    mediaTypes: drafts.map((d) => d.mediaType ?? "chat"),
    mediaNames: drafts.map((d) => d.mediaName ?? null),
    mimeTypes: drafts.map((d) => d.mimeType ?? null),
    fileNames: drafts.map((d) => d.fileName ?? null),
    quotedIds: drafts.map((d) => d.quotedMsgId ?? null),
  });
  const first = rows[0];
  if (!first) return undefined;
  const records = rows.map(({ message, sender, quoted, quotedSender }) => ({ row: message, sender, quoted: quoted && quotedRecordOf(quoted, quotedSender) }));
  return { records, chat: first.chat, unread: new Map(first.unread ?? []) };
}
