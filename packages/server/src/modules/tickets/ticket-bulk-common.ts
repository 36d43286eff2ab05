import { isErrorCode, type ErrorCode, type TicketBulkOutcome, type ticketBulkBody } from "@atendo/contracts";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { ticketParticipants, tickets, userQueues } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { seesKnown, type KnownTies } from "./ticket.policy.js";
import type { TicketRow } from "./tickets.repo.js";

// What every bulk action shares (POST /tickets/bulk, docs/decisions/0077): reading the tickets
// and the caller's ties to them once, and answering each ticket on its own.

export type TicketBulk = z.output<typeof ticketBulkBody>;

/** Outcomes by ticket id, filled as each ticket is answered. */
export type Outcomes = Map<number, TicketBulkOutcome>;

export const done = (ticketId: number): TicketBulkOutcome => ({ ticketId, result: "done" });
export const refused = (ticketId: number, code: ErrorCode): TicketBulkOutcome => ({ ticketId, result: "refused", code });

/** The code a ticket's refusal answers with: an AppError's, as the single call would give it; anything else is a fault. */
export function refusalCode(error: unknown): ErrorCode {
  if (error instanceof AppError && isErrorCode(error.code)) return error.code;
  throw error;
}

/**
 * The tickets that screens may act on (findTicketRow's rule, for many) and what the caller's
 * ties to them are (the policy's KnownTies): three queries whatever their number.
 */
export async function readTickets(ctx: AppContext, actor: Actor, ids: readonly number[]): Promise<{ rows: Map<number, TicketRow>; ties: KnownTies; participants: Map<number, number[]> }> {
  const [found, links, memberships] = await Promise.all([
    ctx.db
      .select()
      .from(tickets)
      .where(and(inArray(tickets.id, [...ids]), isNotNull(tickets.contactId))),
    ctx.db.select().from(ticketParticipants).where(inArray(ticketParticipants.ticketId, [...ids])),
    ctx.db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, actor.id)),
  ]);
  const participants = new Map<number, number[]>();
  for (const link of links) participants.set(link.ticketId, [...(participants.get(link.ticketId) ?? []), link.userId]);
  const ties: KnownTies = { queueIds: new Set(memberships.map((m) => m.queueId)), participantsOf: (id) => participants.get(id) ?? [] };
  return { rows: new Map(found.map((row) => [row.id, row])), ties, participants };
}

/**
 * The tickets the caller may see, in the order asked; the others are answered ERR_NO_TICKET_FOUND
 * whether they exist or not, so a bulk call reveals no more than the lists do.
 */
export function visibleRows(actor: Actor, ids: readonly number[], read: { rows: Map<number, TicketRow>; ties: KnownTies }, outcomes: Outcomes): TicketRow[] {
  return ids.flatMap((id) => {
    const row = read.rows.get(id);
    if (row && seesKnown(actor, row, read.ties)) return [row];
    outcomes.set(id, refused(id, "ERR_NO_TICKET_FOUND"));
    return [];
  });
}
