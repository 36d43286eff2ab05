import { activeTicketStatuses } from "@atendo/contracts";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DomainEvent } from "../../events/domain-events.js";
import type { Db } from "../../db/client.js";
import { messages, tickets } from "../../db/schema/index.js";
import { ticketMoment, visibilityBefore } from "../tickets/ticket-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import type { TicketRow } from "../tickets/tickets.repo.js";
import type { ConnectionRow } from "./connection.presenter.js";

/** What a ticket closed by the delete looked like before: who heard of it then. */
export type ClosedTicket = Pick<TicketRow, "id" | "status" | "userId" | "queueId" | "uraId" | "botId">;

/**
 * Run inside the delete's transaction, before the connection row goes (docs/decisions/0039): its
 * conversations stay as history. Active ones are closed (nothing can reach their contact any more,
 * and the database refuses an active ticket without a connection), every one keeps the
 * connection's name (what the reports show, docs/decisions/0070), and messages still waiting for the channel are marked failed. The
 * foreign keys then set the connection to null on tickets and messages. Returns the tickets closed.
 */
export async function keepHistoryOf(tx: Db, connection: ConnectionRow, now: Date): Promise<ClosedTicket[]> {
  // First, as it locks every ticket of the connection: none can be reopened under the delete.
  await tx
    .update(tickets)
    .set({ connectionName: connection.name })
    .where(eq(tickets.connectionId, connection.id));
  const active = and(eq(tickets.connectionId, connection.id), inArray(tickets.status, activeTicketStatuses));
  const closing = await tx.select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, uraId: tickets.uraId, botId: tickets.botId }).from(tickets).where(active);
  if (closing.length > 0) {
    await tx.update(tickets).set(lifecycle.closed(now)).where(active);
  }
  await tx
    .update(messages)
    .set({ failed: true, dispatchAt: null, updatedAt: now })
    .where(and(eq(messages.connectionId, connection.id), isNotNull(messages.dispatchAt)));
  return closing;
}

/** The closes to announce (`ticket.closed` by the system), told to who saw each ticket before and who sees it now. */
export async function closedMoments(db: Db, closed: readonly ClosedTicket[]): Promise<DomainEvent[]> {
  if (closed.length === 0) return [];
  const presented = await presentTicketsById(
    db,
    closed.map((row) => row.id),
  );
  return closed.flatMap((before) => {
    const ticket = presented.get(before.id);
    if (!ticket) return [];
    const participants = ticket.userTicket.map((p) => p.userId);
    return [ticketMoment(ticket, "closed", visibilityBefore(before, participants), "system")];
  });
}
