import { activeTicketStatuses, type MoveConnectionResult } from "@atendo/contracts";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import type { Db } from "../../db/client.js";
import { campaigns, connections, messages, schedules, ticketParticipants, tickets, users } from "../../db/schema/index.js";
import { domainEvent, type DomainEvent } from "../../events/domain-events.js";
import { closedMoments, type ClosedTicket } from "../connections/connection-history.js";
import { assertCanManageConnections } from "../connections/connection.policy.js";
import { presentConnection, type ConnectionRow } from "../connections/connection.presenter.js";
import { findConnection } from "../connections/connections.service.js";
import { lockDefaultFlag } from "../connections/default-flag.js";
import { ticketMoment, visibilityBefore } from "../tickets/ticket-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";

type ActiveTicket = ClosedTicket & { contactId: number | null };

/** Who took part in each ticket: the events' `before` tells who saw it. */
async function participantsOf(tx: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  const byTicket = new Map<number, number[]>();
  if (ids.length === 0) return byTicket;
  const rows = await tx.select({ ticketId: ticketParticipants.ticketId, userId: ticketParticipants.userId }).from(ticketParticipants).where(inArray(ticketParticipants.ticketId, [...ids]));
  for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row.userId]);
  return byTicket;
}

/** The moved tickets' `ticket.updated` (a move alone is `update` in §4), told to who saw each before and who sees it now. */
async function movedMoments(tx: Db, moved: readonly ActiveTicket[]): Promise<DomainEvent[]> {
  if (moved.length === 0) return [];
  const ids = moved.map((row) => row.id);
  const [presented, participants] = await Promise.all([presentTicketsById(tx, ids), participantsOf(tx, ids)]);
  return moved.flatMap((before) => {
    const ticket = presented.get(before.id);
    return ticket ? [ticketMoment(ticket, "update", visibilityBefore(before, participants.get(before.id) ?? []))] : [];
  });
}

/**
 * POST /api/whatsapp/{id}/move (admins; issue 31, docs/decisions/0087): the source's customers
 * are served by the target from now on — a banned or replaced number — in one transaction:
 *  - its active tickets move to the target; one whose contact already has an active ticket there
 *    is closed as a merge (not a resolution) and the target's goes on;
 *  - closed tickets stay on the source: its history reads as it was;
 *  - messages of moved tickets still waiting for the channel leave through the target;
 *  - future routing: users whose connection it was get the target, the default flag moves with
 *    it, and the source is marked replaced by the target (sends naming it go to the target, it
 *    raises no down alerts; connections it had replaced now point at the target too). Moving
 *    customers to a replaced connection makes it serve again.
 * Any kind to any kind: a conversation carries on wherever a channel reaches the contact.
 */
export async function moveConnectionCustomers(ctx: AppContext, actor: Actor, sourceId: number, targetId: number): Promise<MoveConnectionResult> {
  assertCanManageConnections(actor);
  const now = new Date();
  return ctx.events.transaction(async (tx, publish) => {
    await lockDefaultFlag(tx);
    const source = await findConnection(tx, sourceId);
    const target = await findConnection(tx, targetId);
    if (source.id === target.id) throw new AppError("ERR_CONNECTION_MOVE_TARGET");
    // Locks the source's active tickets: none changes under the move.
    const active: ActiveTicket[] = await tx
      .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, uraId: tickets.uraId, botId: tickets.botId, contactId: tickets.contactId })
      .from(tickets)
      .where(and(eq(tickets.connectionId, source.id), inArray(tickets.status, activeTicketStatuses)))
      .for("update");
    const contactIds = active.flatMap((row) => (row.contactId === null ? [] : [row.contactId]));
    const onTarget =
      contactIds.length === 0
        ? new Set<number>()
        : new Set(
            (
              await tx
                .select({ contactId: tickets.contactId })
                .from(tickets)
                .where(and(eq(tickets.connectionId, target.id), inArray(tickets.status, activeTicketStatuses), inArray(tickets.contactId, contactIds)))
                .for("update")
            ).flatMap((row) => (row.contactId === null ? [] : [row.contactId])),
          );
    const closing = active.filter((row) => row.contactId !== null && onTarget.has(row.contactId));
    const moving = active.filter((row) => !closing.includes(row));
    if (closing.length > 0) await tx.update(tickets).set(lifecycle.closedByMerge(now)).where(inArray(tickets.id, closing.map((row) => row.id)));
    if (moving.length > 0) {
      const ids = moving.map((row) => row.id);
      await tx.update(tickets).set(lifecycle.movedConnection(target.id, now)).where(inArray(tickets.id, ids));
      await tx
        .update(messages)
        .set({ connectionId: target.id, updatedAt: now })
        .where(and(inArray(messages.ticketId, ids), eq(messages.connectionId, source.id), isNotNull(messages.dispatchAt)));
    }
    const usersMoved = await tx.update(users).set({ whatsappId: target.id }).where(eq(users.whatsappId, source.id)).returning({ id: users.id });
    // What was still to leave through the source goes through the target: pending scheduled
    // messages and campaigns not yet finished (a running one's batch under way ends on the source).
    await tx.update(schedules).set({ connectionId: target.id, updatedAt: now }).where(and(eq(schedules.connectionId, source.id), eq(schedules.status, "pending")));
    await tx
      .update(campaigns)
      .set({ connectionId: target.id, updatedAt: now })
      .where(and(eq(campaigns.connectionId, source.id), inArray(campaigns.status, ["draft", "scheduled", "running", "paused"])));
    const changed = await replace(tx, source, target, now);
    publish(
      ...(await movedMoments(tx, moving)),
      ...(await closedMoments(tx, closing)),
      ...changed.map((row) => domainEvent("connection.changed", { event: { action: "update", whatsapp: presentConnection(row) } })),
    );
    return { moved: moving.length, closed: closing.length, usersMoved: usersMoved.length, defaultMoved: source.isDefault };
  });
}

/** Marks the source replaced by the target (and what it had replaced), moving the default flag along; returns the rows that changed. */
async function replace(tx: Db, source: ConnectionRow, target: ConnectionRow, now: Date): Promise<ConnectionRow[]> {
  const earlier = await tx
    .update(connections)
    .set({ replacedById: target.id, updatedAt: now })
    .where(and(eq(connections.replacedById, source.id), ne(connections.id, target.id)))
    .returning();
  // The default goes first: the partial unique index allows one at a time.
  const [from] = await tx.update(connections).set({ replacedById: target.id, isDefault: false, updatedAt: now }).where(eq(connections.id, source.id)).returning();
  const [to] = await tx
    .update(connections)
    .set({ replacedById: null, isDefault: source.isDefault || target.isDefault, updatedAt: now })
    .where(eq(connections.id, target.id))
    .returning();
  return [...earlier, ...(from ? [from] : []), ...(to ? [to] : [])];
}
