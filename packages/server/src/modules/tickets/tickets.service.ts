import type { ShowTicketResponse, TicketHistory } from "@atendo/contracts";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { presentTicket, presentTicketsById, summarizeTicket } from "./ticket.presenter.js";
import { assertCanDeleteTickets, assertCanSeeTicket, canSeeTicket, seenFilter } from "./ticket.policy.js";
import { visibilityBefore } from "./ticket-events.js";
import { findTicketRow, participantIdsOf } from "./tickets.repo.js";

/** Most earlier tickets GET /tickets/history lists (the newest; docs/decisions/0019). */
export const HISTORY_MAX = 100;

/** GET /tickets/{id}: the whole ticket for who may see it, else only its summary (owner-info modal). */
export async function showTicket(ctx: AppContext, actor: Actor, id: number): Promise<ShowTicketResponse> {
  const row = await findTicketRow(ctx.db, id);
  const ticket = await presentTicket(ctx.db, id);
  if (await canSeeTicket(ctx.db, actor, row)) return { hasPermission: true, ticket };
  return { hasPermission: false, ticket: summarizeTicket(ticket) };
}

/**
 * GET /tickets/history: the contact's other tickets, newest first, as far as the caller may open
 * them — everything for admins; the closed ones too for users with canSeeAllTicketHistory; for
 * others the tickets they own or take part in (and pending ones of their queues), the same rule
 * as the lists. The ticket asked about must be one the caller sees, and the contact's.
 */
export async function ticketHistory(ctx: AppContext, actor: Actor, query: { ticketId: number; contactId: number }): Promise<TicketHistory> {
  const current = await findTicketRow(ctx.db, query.ticketId);
  if (current.contactId !== query.contactId) throw new AppError("ERR_NO_TICKET_FOUND");
  await assertCanSeeTicket(ctx.db, actor, current);
  const t = tickets;
  const visible = seenFilter(actor, { id: sql`${t.id}`, status: sql`${t.status}` });
  const rows = await ctx.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.contactId, query.contactId), ne(t.id, query.ticketId), visible))
    .orderBy(desc(t.updatedAt), desc(t.id))
    .limit(HISTORY_MAX);
  const presented = await presentTicketsById(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { tickets: rows.flatMap((row) => presented.get(row.id) ?? []) };
}

/** DELETE /tickets/{id} (admins): the ticket and its messages; who saw it drops it live. */
export async function deleteTicket(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanDeleteTickets(actor);
  const row = await findTicketRow(ctx.db, id);
  const before = visibilityBefore(row, await participantIdsOf(ctx.db, id));
  const [deleted] = await ctx.db.delete(tickets).where(eq(tickets.id, id)).returning({ id: tickets.id });
  if (!deleted) throw new AppError("ERR_NO_TICKET_FOUND");
  await ctx.events.emit("ticket.deleted", { ticket: before });
}

