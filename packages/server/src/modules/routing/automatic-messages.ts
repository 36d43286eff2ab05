import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import { outgoingValues, type OutgoingTicket } from "../messages/delivery/outgoing.repo.js";
import type { MessageRow } from "../messages/message.presenter.js";

/**
 * Routing's texts as the rows the outgoing writer writes (outgoingValues): `chat-automatic`
 * messages from us, read, nobody's, due for dispatch from the insert. The one source of their
 * values: writeAutomatic inserts them, and so does the statement that stores new customers'
 * first messages (channels/pipeline/create-batch.ts), whose ticket is created by the same
 * statement and gives them its id.
 */
export function automaticValues(ticket: OutgoingTicket, texts: readonly string[], now: Date): (typeof messages.$inferInsert)[] {
  const drafts = texts.map((body) => ({ body, mediaType: "chat-automatic" as const }));
  return outgoingValues(ticket, drafts, null, now);
}

/**
 * Routing's texts (greeting, announcements, menus, out-of-hours) written inside the caller's
 * transaction (automaticValues), so a crash before they leave is the recovery sweep's.
 * Dispatched after the commit (dispatchOutgoing). They do not become the ticket's last message:
 * lists should show what the customer wrote.
 */
export async function writeAutomatic(tx: Db, ticket: OutgoingTicket, texts: readonly string[], now: Date): Promise<MessageRow[]> {
  return (await writeAutomaticTogether(tx, [{ ticket, texts }], now))[0]!;
}

/**
 * Routing's texts for several tickets (a group commit's menu answers), in one insert: each
 * ticket's rows, in order, at its place. A ticket is named once.
 */
export async function writeAutomaticTogether(tx: Db, writes: readonly { ticket: OutgoingTicket; texts: readonly string[] }[], now: Date): Promise<MessageRow[][]> {
  const values = writes.flatMap(({ ticket, texts }) => automaticValues(ticket, texts, now));
  if (values.length === 0) return writes.map(() => []);
  const rows = (await tx.insert(messages).values(values).returning()).sort((a, b) => a.id - b.id);
  return writes.map(({ ticket }) => rows.filter((row) => row.ticketId === ticket.id));
}
