import { isOpenAt, type AutomationCondition, type Ticket } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { connections, contactTags, queues } from "../../db/schema/index.js";
import { factsNeeded, type RuleFacts } from "./automation-match.js";

/** The ticket an event is about, as far as conditions read it. */
export type FactTicket = Pick<Ticket, "queueId" | "whatsappId" | "contactId"> & { whatsapp: Pick<Ticket["whatsapp"], "kind"> };

/**
 * Opening hours as routing reads them (new-ticket-route.ts, walk.ts): the queue's when it is in a
 * queue that has hours, else its connection's; none at all is always open.
 */
async function withinHours(db: Db, ticket: FactTicket, at: Date, timeZone: string): Promise<boolean> {
  if (ticket.queueId !== null) {
    const [queue] = await db.select({ hours: queues.businessHours }).from(queues).where(eq(queues.id, ticket.queueId)).limit(1);
    if (queue?.hours) return isOpenAt(queue.hours, timeZone, at);
  }
  if (ticket.whatsappId === null) return true;
  const [connection] = await db.select({ hours: connections.businessHours }).from(connections).where(eq(connections.id, ticket.whatsappId)).limit(1);
  return isOpenAt(connection?.hours ?? null, timeZone, at);
}

/**
 * The facts the rules' `conditions` read: the event's ticket, text and time, plus the contact's
 * labels and the opening hours only when a condition asks (so rules on queue, connection or text
 * cost no read).
 */
export async function loadFacts(
  db: Db,
  ticket: FactTicket,
  event: { text: string; at: Date },
  conditions: readonly AutomationCondition[],
  timeZone: string,
): Promise<RuleFacts> {
  const needed = factsNeeded(conditions);
  const tagIds = needed.contactTags
    ? (await db.select({ tagId: contactTags.tagId }).from(contactTags).where(eq(contactTags.contactId, ticket.contactId))).map((row) => row.tagId)
    : [];
  return {
    queueId: ticket.queueId,
    connectionId: ticket.whatsappId,
    channelKind: ticket.whatsapp.kind,
    contactTagIds: tagIds,
    text: event.text,
    withinHours: needed.hours ? await withinHours(db, ticket, event.at, timeZone) : true,
    at: event.at,
  };
}
