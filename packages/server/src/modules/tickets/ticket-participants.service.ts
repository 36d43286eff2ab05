import type { TicketResponse } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { ticketParticipants } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertActiveUsers } from "../queues/memberships.repo.js";
import { ticketMoment, visibilityBefore } from "./ticket-events.js";
import { presentTicket } from "./ticket.presenter.js";
import { assertTicketPermission } from "./ticket.policy.js";
import { findTicketRow, participantIdsOf, type TicketRow } from "./tickets.repo.js";

/** Announces a participant change to the ticket's audience before and after it. */
async function announced(ctx: AppContext, before: TicketRow, participantsBefore: number[], action: "addParticipant" | "removeParticipant"): Promise<TicketResponse> {
  const ticket = await presentTicket(ctx.db, before.id);
  await ctx.events.publish(ticketMoment(ticket, action, visibilityBefore(before, participantsBefore)));
  return { ticket };
}

/**
 * POST /tickets/{id}/participant: the owner of the open ticket (or an admin, while it is not
 * closed) invites active users to write in it with them. The owner is not invited to their own
 * ticket; users already in it stay as they are.
 */
export async function addParticipants(ctx: AppContext, actor: Actor, id: number, participantIds: readonly number[]): Promise<TicketResponse> {
  const ticket = await findTicketRow(ctx.db, id);
  await assertTicketPermission(ctx.db, actor, ticket, "addParticipants");
  const ids = [...new Set(participantIds)];
  if (ticket.userId !== null && ids.includes(ticket.userId)) {
    throw new AppError("ERR_MISSING_VALUES", 400, "The ticket's owner is already in the conversation.");
  }
  await assertActiveUsers(ctx.db, ids);
  const before = await participantIdsOf(ctx.db, id);
  await ctx.db
    .insert(ticketParticipants)
    .values(ids.map((userId) => ({ ticketId: id, userId })))
    .onConflictDoNothing();
  return announced(ctx, ticket, before, "addParticipant");
}

/**
 * DELETE /tickets/{id}/participant/{userId}: a participant leaves, or the owner or an admin
 * removes one. The removed user hears it (they were in the old audience) and drops the ticket.
 */
export async function removeParticipant(ctx: AppContext, actor: Actor, id: number, userId: number): Promise<TicketResponse> {
  const ticket = await findTicketRow(ctx.db, id);
  await assertTicketPermission(ctx.db, actor, ticket, userId === actor.id ? "leave" : "removeParticipants");
  const before = await participantIdsOf(ctx.db, id);
  const [removed] = await ctx.db
    .delete(ticketParticipants)
    .where(and(eq(ticketParticipants.ticketId, id), eq(ticketParticipants.userId, userId)))
    .returning();
  if (!removed) throw new AppError("ERR_NO_USER_FOUND", 404, "This user does not take part in the ticket.");
  return announced(ctx, ticket, before, "removeParticipant");
}
