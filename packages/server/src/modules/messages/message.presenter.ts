import type { Message, MessageContact, QuotedMessage, Ticket } from "@atendo/contracts";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";

export type MessageRow = typeof messages.$inferSelect;

/** Where the web fetches a message's file (with the bearer token). */
export function mediaUrlOf(mediaName: string | null): string | null {
  return mediaName ? `/api/media/${mediaName}` : null;
}

/** The contact every message of a ticket shows, unless a group member wrote it. */
export function messageContactOf(ticket: Ticket): MessageContact {
  return { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number };
}

type ContactSource = Pick<MessageRow, "fromMe" | "senderName" | "senderNumber">;

/** Who wrote it: nobody to show for our own messages, the group member, or the ticket's contact. */
function contactOf(row: ContactSource, ticketContact: MessageContact): MessageContact | null {
  if (row.fromMe) return null;
  if (row.senderNumber) return { id: null, name: row.senderName ?? row.senderNumber, number: row.senderNumber };
  return ticketContact;
}

async function quotedOf(db: Db, rows: readonly MessageRow[], ticketContact: MessageContact): Promise<Map<number, QuotedMessage>> {
  const ids = [...new Set(rows.map((row) => row.quotedMsgId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const quoted = await db
    .select({
      id: messages.id,
      body: messages.body,
      fromMe: messages.fromMe,
      mediaType: messages.mediaType,
      isDeleted: messages.isDeleted,
      senderName: messages.senderName,
      senderNumber: messages.senderNumber,
    })
    .from(messages)
    .where(inArray(messages.id, ids));
  return new Map(
    quoted.map(({ senderName, senderNumber, ...q }) => [q.id, { ...q, contact: contactOf({ fromMe: q.fromMe, senderName, senderNumber }, ticketContact) }]),
  );
}

function presentRow(row: MessageRow, ticketContact: MessageContact, quotedMsg: QuotedMessage | null): Message {
  return {
    id: row.id,
    ticketId: row.ticketId,
    body: row.body,
    fromMe: row.fromMe,
    read: row.read,
    mediaType: row.mediaType,
    mediaUrl: mediaUrlOf(row.mediaName),
    mimeType: row.mimeType,
    fileName: row.fileName,
    ack: row.ack,
    failed: row.failed,
    failureReason: row.failed ? row.failureReason : null,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    isForwarded: row.isForwarded,
    quotedMsg,
    contact: contactOf(row, ticketContact),
    userId: row.userId,
    viaApi: row.viaApi,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Messages of one ticket (all share its contact), with their quoted messages in one more query. */
export async function presentMessages(db: Db, rows: readonly MessageRow[], ticketContact: MessageContact): Promise<Message[]> {
  const quoted = await quotedOf(db, rows, ticketContact);
  return rows.map((row) => presentRow(row, ticketContact, row.quotedMsgId === null ? null : (quoted.get(row.quotedMsgId) ?? null)));
}

/** A presented message again after its row changed (its delivery state): the quote it showed is kept, no query. */
export function representMessage(message: Message, row: MessageRow, ticketContact: MessageContact): Message {
  return presentRow(row, ticketContact, message.quotedMsg);
}
