import type { Ticket, TicketResult } from "@atendo/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { ticketParticipants, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { databaseError } from "../../core/db-errors.js";
import { ticketMoment, visibilityBefore } from "./ticket-events.js";
import { sendFarewell } from "./ticket-farewell.js";
import { planTransition, type Change, type UpdateTicket } from "./ticket-transitions.js";
import { presentTicket, summarizeTicket } from "./ticket.presenter.js";
import { activeTicketOf, findTicketRow, participantIdsOf, type TicketRow } from "./tickets.repo.js";

/** A move written: the row, and the ticket as the API shows it after the move. */
interface Written {
  row: TicketRow;
  ticket: Ticket;
}

/** A transition whose ticket changed under it is planned again from the new state, this often. */
const ATTEMPTS = 3;

async function heldByOther(ctx: AppContext, ticketId: number): Promise<TicketResult> {
  return { ticketIsOpen: true, ticket: summarizeTicket(await presentTicket(ctx.db, ticketId)) };
}

/**
 * The contact already has another active ticket on that connection (the partial unique index
 * allows one): someone else's open ticket is shown with its owner (`ticketIsOpen`); one that is
 * waiting or already the caller's is ERR_OTHER_OPEN_TICKET (docs/decisions/0020).
 */
export async function otherActiveResult(ctx: AppContext, actor: Actor, other: TicketRow): Promise<TicketResult> {
  if (other.status === "open" && other.userId !== null && other.userId !== actor.id) return heldByOther(ctx, other.id);
  throw new AppError("ERR_OTHER_OPEN_TICKET");
}

/**
 * Writes a change only if the ticket is still in the state it was planned from (status and
 * owner), so two attendants accepting at once cannot both win: the second one re-plans and is
 * told who holds it. A conflict on the active-ticket index (reopen, another connection) becomes
 * the answer above, never a 500.
 */
async function write(ctx: AppContext, actor: Actor, before: TicketRow, participants: readonly number[], change: Change): Promise<Written | TicketResult | undefined> {
  const sameState = and(
    eq(tickets.id, before.id),
    eq(tickets.status, before.status),
    before.userId === null ? isNull(tickets.userId) : eq(tickets.userId, before.userId),
  );
  try {
    return await ctx.events.transaction(async (tx, publish) => {
      // What the move writes, a person's hand included, is the lifecycle's (ticket-lifecycle.ts).
      const [row] = await tx.update(tickets).set(change.set).where(sameState).returning();
      if (!row) return undefined;
      if (change.newOwnerId !== undefined) {
        await tx.delete(ticketParticipants).where(and(eq(ticketParticipants.ticketId, before.id), eq(ticketParticipants.userId, change.newOwnerId)));
      }
      // Told to who saw it before and who sees it now, once the move is committed.
      const ticket = await presentTicket(tx, before.id);
      publish(ticketMoment(ticket, change.action, visibilityBefore(before, participants)));
      return { row, ticket };
    });
  } catch (error) {
    if (change.activatesOn === undefined || databaseError(error)?.code !== "23505") throw error;
    const other = await activeTicketOf(ctx.db, before.contactId, change.activatesOn, before.id);
    if (other) return otherActiveResult(ctx, actor, other);
    throw new AppError("ERR_OTHER_OPEN_TICKET");
  }
}

/**
 * PUT /tickets/{id}: one transition of spec §4 (ticket-transitions.ts decides which and whether
 * the caller may), written, then announced to the ticket's old and new audiences so it leaves
 * the lists of those who no longer see it and reaches those who now do.
 */
export async function updateTicket(ctx: AppContext, actor: Actor, id: number, body: UpdateTicket): Promise<TicketResult> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const before = await findTicketRow(ctx.db, id);
    const plan = await planTransition(ctx, actor, before, body, new Date());
    if (plan.kind === "unchanged") return { ticketIsOpen: false, ticket: await presentTicket(ctx.db, id) };
    if (plan.kind === "heldByOther") return heldByOther(ctx, id);
    const { change } = plan;
    if (change.activatesOn !== undefined) {
      const other = await activeTicketOf(ctx.db, before.contactId, change.activatesOn, before.id);
      if (other) return otherActiveResult(ctx, actor, other);
    }
    const participants = await participantIdsOf(ctx.db, id);
    const written = await write(ctx, actor, before, participants, change);
    if (written === undefined) continue; // changed meanwhile: plan again from what it is now
    if ("ticketIsOpen" in written) return written;
    if (change.farewell) await sendFarewell(ctx, written.row);
    return { ticketIsOpen: false, ticket: written.ticket };
  }
  throw new AppError("ERR_OTHER_OPEN_TICKET", 409, "The ticket is being changed by someone else. Try again.");
}
