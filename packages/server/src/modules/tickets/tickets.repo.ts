import { activeTicketStatuses } from "@atendo/contracts";
import { and, eq, inArray, isNotNull, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { ticketParticipants, tickets, userQueues } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";

/** Data access for tickets; who may see or do what is ticket.policy.ts. */

export type TicketRow = typeof tickets.$inferSelect;

/**
 * A ticket the screens and the API may act on. A deleted contact's tickets are history only the
 * reports count (docs/decisions/0062): they answer as missing.
 */
export async function findTicketRow(db: Db, id: number): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), isNotNull(tickets.contactId)))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  return row;
}

export async function participantIdsOf(db: Db, ticketId: number): Promise<number[]> {
  const rows = await db.select({ id: ticketParticipants.userId }).from(ticketParticipants).where(eq(ticketParticipants.ticketId, ticketId));
  return rows.map((row) => row.id);
}

/** Each ticket's participants, in one query (a ticket with none is absent). */
export async function participantIdsByTicket(db: Db, ticketIds: readonly number[]): Promise<Map<number, number[]>> {
  const byTicket = new Map<number, number[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select({ ticketId: ticketParticipants.ticketId, userId: ticketParticipants.userId })
    .from(ticketParticipants)
    .where(inArray(ticketParticipants.ticketId, [...ticketIds]));
  for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row.userId]);
  return byTicket;
}

/** A contact's tickets with their participants (who hears of them), oldest first. */
export async function contactTicketsWithParticipants(
  db: Db,
  contactId: number,
): Promise<(Pick<TicketRow, "id" | "status" | "userId" | "queueId" | "uraId" | "botId"> & { participantIds: number[] })[]> {
  const rows = await db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, uraId: tickets.uraId, botId: tickets.botId })
    .from(tickets)
    .where(eq(tickets.contactId, contactId))
    .orderBy(tickets.id);
  if (rows.length === 0) return [];
  const participants = await db
    .select({ ticketId: ticketParticipants.ticketId, userId: ticketParticipants.userId })
    .from(ticketParticipants)
    .where(inArray(ticketParticipants.ticketId, rows.map((row) => row.id)));
  return rows.map((row) => ({ ...row, participantIds: participants.filter((p) => p.ticketId === row.id).map((p) => p.userId) }));
}

/**
 * Whether a user takes part in a ticket and belongs to its queue, in one statement; only the
 * parts asked for are read (the others answer false).
 */
export async function userRelationTo(
  db: Db,
  ticket: Pick<TicketRow, "id" | "queueId">,
  userId: number,
  ask: { participant: boolean; queueMember: boolean },
): Promise<{ participant: boolean; queueMember: boolean }> {
  const participant = db
    .select({ kind: sql<string>`'participant'` })
    .from(ticketParticipants)
    .where(and(eq(ticketParticipants.ticketId, ticket.id), eq(ticketParticipants.userId, userId)));
  const member =
    ticket.queueId === null
      ? undefined
      : db
          .select({ kind: sql<string>`'queue'` })
          .from(userQueues)
          .where(and(eq(userQueues.queueId, ticket.queueId), eq(userQueues.userId, userId)));
  let rows: { kind: string }[] = [];
  if (ask.participant && ask.queueMember && member) rows = await participant.unionAll(member);
  else if (ask.participant) rows = await participant;
  else if (ask.queueMember && member) rows = await member;
  return { participant: rows.some((row) => row.kind === "participant"), queueMember: rows.some((row) => row.kind === "queue") };
}

/** The contact's active (pending/open) ticket on a connection, other than `exceptId` (none without a contact: it was deleted). */
export async function activeTicketOf(db: Db, contactId: number | null, connectionId: number, exceptId?: number): Promise<TicketRow | undefined> {
  if (contactId === null) return undefined;
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.contactId, contactId),
        eq(tickets.connectionId, connectionId),
        inArray(tickets.status, activeTicketStatuses),
        exceptId === undefined ? undefined : ne(tickets.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * activeTicketOf for many at once: the active tickets on these (contact, connection) pairs other
 * than `exceptIds` — what a bulk reopen would clash with (docs/decisions/0077).
 */
export async function activeTicketsOnPairs(db: Db, pairs: readonly { contactId: number; connectionId: number }[], exceptIds: readonly number[]): Promise<TicketRow[]> {
  if (pairs.length === 0) return [];
  const values = pairs.map((pair) => sql`(${pair.contactId}::integer, ${pair.connectionId}::integer)`);
  return db
    .select()
    .from(tickets)
    .where(
      and(
        inArray(tickets.status, activeTicketStatuses),
        sql`(${tickets.contactId}, ${tickets.connectionId}) in (${sql.join(values, sql`, `)})`,
        exceptIds.length > 0 ? notInArray(tickets.id, [...exceptIds]) : undefined,
      ),
    );
}
