import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import { outgoingValues, type OutgoingTicket } from "../messages/delivery/outgoing.repo.js";
import type { MessageRow } from "../messages/message.presenter.js";

/**
 * Routing's texts (greeting, announcements, menus, out-of-hours) as `chat-automatic` messages
 * from us, written inside the caller's transaction with the outgoing writer's own values: due
 * for dispatch from the insert, so a crash before they leave is the recovery sweep's. Dispatched
 * after the commit (dispatchOutgoing). They do not become the ticket's last message: lists
 * should show what the customer wrote.
 */
export async function writeAutomatic(tx: Db, ticket: OutgoingTicket, texts: readonly string[], now: Date): Promise<MessageRow[]> {
  if (texts.length === 0) return [];
  const drafts = texts.map((body) => ({ body, mediaType: "chat-automatic" as const }));
  return tx.insert(messages).values(outgoingValues(ticket, drafts, null, now)).returning();
}
