import type { Ticket, TicketResult } from "@atendo/contracts";
import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { ticketParticipants, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { databaseError } from "../../core/db-errors.js";
import { ticketMoment, visibilityBefore } from "./ticket-events.js";
import { sendFarewell } from "./ticket-farewell.js";
import { planTransition, type Change, type UpdateTicket } from "./ticket-transitions.js";
import { presentTicket, presentTicketsById, summarizeTicket } from "./ticket.presenter.js";
import { activeTicketOf, findTicketRow, participantIdsOf, type TicketRow } from "./tickets.repo.js";

/** A move written: the row, and the ticket as the API shows it after the move. */
export interface Written {
  row: TicketRow;
  ticket: Ticket;
}

/** A move planned from a ticket as it was read, with who took part in it then. */
export interface Planned {
  before: TicketRow;
  participants: readonly number[];
  change: Change;
}

/** A transition whose ticket changed under it is planned again from the new state, this often. */
export const ATTEMPTS = 3;

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

/** The tickets still as they were planned from (status and owner), by key. */
function stillAsPlanned(befores: readonly TicketRow[]): SQL {
  const states = befores.map((b) => sql`(${b.id}::integer, ${b.status}::text, ${b.userId ?? 0}::integer)`);
  return and(
    inArray(
      tickets.id,
      befores.map((b) => b.id),
    ),
    sql`(${tickets.id}, ${tickets.status}, coalesce(${tickets.userId}, 0)) in (${sql.join(states, sql`, `)})`,
  )!;
}

/**
 * Writes planned moves in one transaction, each only if its ticket is still in the state it was
 * planned from (status and owner), so two attendants accepting at once cannot both win: a ticket
 * left out of the answer changed meanwhile and is planned again by the caller. Moves writing the
 * same columns go in one statement (a bulk close is one UPDATE); each ticket still has its own
 * event, to who saw it before and who sees it now, once the whole write is committed.
 */
export async function writeChanges(ctx: AppContext, planned: readonly Planned[]): Promise<Map<number, Written>> {
  if (planned.length === 0) return new Map();
  const sameSet = new Map<string, Planned[]>();
  for (const item of planned) {
    const key = JSON.stringify(item.change.set);
    sameSet.set(key, [...(sameSet.get(key) ?? []), item]);
  }
  return ctx.events.transaction(async (tx, publish) => {
    const rows = new Map<number, TicketRow>();
    for (const group of sameSet.values()) {
      // What the move writes, a person's hand included, is the lifecycle's (ticket-lifecycle.ts).
      const updated = await tx
        .update(tickets)
        .set(group[0]!.change.set)
        .where(stillAsPlanned(group.map((item) => item.before)))
        .returning();
      for (const row of updated) rows.set(row.id, row);
    }
    const newOwners = planned.filter((item) => rows.has(item.before.id) && item.change.newOwnerId !== undefined);
    if (newOwners.length > 0) {
      const pairs = newOwners.map((item) => sql`(${item.before.id}::integer, ${item.change.newOwnerId!}::integer)`);
      await tx.delete(ticketParticipants).where(sql`(${ticketParticipants.ticketId}, ${ticketParticipants.userId}) in (${sql.join(pairs, sql`, `)})`);
    }
    const presented = await presentTicketsById(tx, [...rows.keys()]);
    const written = new Map<number, Written>();
    for (const { before, participants, change } of planned) {
      const row = rows.get(before.id);
      const ticket = presented.get(before.id);
      if (!row || !ticket) continue;
      publish(ticketMoment(ticket, change.action, visibilityBefore(before, participants)));
      written.set(before.id, { row, ticket });
    }
    return written;
  });
}

/**
 * One planned move written (writeChanges). A conflict on the active-ticket index (reopen, another
 * connection) becomes the answer above, never a 500. Undefined: the ticket changed meanwhile.
 */
async function write(ctx: AppContext, actor: Actor, planned: Planned): Promise<Written | TicketResult | undefined> {
  const { before, change } = planned;
  try {
    return (await writeChanges(ctx, [planned])).get(before.id);
  } catch (error) {
    if (change.activatesOn === undefined || databaseError(error)?.code !== "23505") throw error;
    const other = await activeTicketOf(ctx.db, before.contactId, change.activatesOn, before.id);
    if (other) return otherActiveResult(ctx, actor, other);
    throw new AppError("ERR_OTHER_OPEN_TICKET");
  }
}

/**
 * A planned move of one ticket, written: refused when the contact already has an active ticket
 * where it becomes active, then the farewell when asked. Undefined: the ticket changed meanwhile
 * and must be planned again.
 */
export async function applyChange(ctx: AppContext, actor: Actor, before: TicketRow, change: Change): Promise<TicketResult | undefined> {
  if (change.activatesOn !== undefined) {
    const other = await activeTicketOf(ctx.db, before.contactId, change.activatesOn, before.id);
    if (other) return otherActiveResult(ctx, actor, other);
  }
  const participants = await participantIdsOf(ctx.db, before.id);
  const written = await write(ctx, actor, { before, participants, change });
  if (written === undefined) return undefined;
  if ("ticketIsOpen" in written) return written;
  if (change.farewell) await sendFarewell(ctx, written.row);
  return { ticketIsOpen: false, ticket: written.ticket };
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
    const result = await applyChange(ctx, actor, before, plan.change);
    if (result !== undefined) return result; // else changed meanwhile: plan again from what it is now
  }
  throw new AppError("ERR_OTHER_OPEN_TICKET", 409, "The ticket is being changed by someone else. Try again.");
}
