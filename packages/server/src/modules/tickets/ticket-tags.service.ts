import type { Ticket, TicketResponse } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { ticketTags } from "../../db/schema/index.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent } from "../../events/domain-events.js";
import { replaceTicketTags } from "../tags/tag-links.repo.js";
import { ticketMoment } from "./ticket-events.js";
import { presentTicket } from "./ticket.presenter.js";
import { assertCanWriteTicket } from "./ticket.policy.js";
import { findTicketRow } from "./tickets.repo.js";

async function tagIdsOf(db: Db, ticketId: number): Promise<Set<number>> {
  const rows = await db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId));
  return new Set(rows.map((row) => row.tagId));
}

/**
 * Makes `next(current)` the ticket's whole set of labels, in one transaction that announces the
 * ticket's `update` (ticket.updated) and one `ticket.tagged` per label newly there. The ticket
 * keeps its place in the lists: a label is not activity, so `updated_at` stays.
 */
export async function writeTicketTags(ctx: AppContext, ticketId: number, next: (current: ReadonlySet<number>) => readonly number[]): Promise<Ticket> {
  return ctx.events.transaction(async (tx, publish) => {
    const current = await tagIdsOf(tx, ticketId);
    const tagIds = [...new Set(next(current))];
    await replaceTicketTags(tx, ticketId, tagIds);
    const presented = await presentTicket(tx, ticketId);
    publish(ticketMoment(presented, "update"), ...tagIds.filter((id) => !current.has(id)).map((tagId) => domainEvent("ticket.tagged", { ticket: presented, tagId })));
    return presented;
  });
}

/**
 * PUT /tickets/{id}/tags: `tagIds` becomes the ticket's whole set of labels, for whoever may write
 * in it (ticket.policy.ts; refused in a closed ticket). Its audience hears the ticket's `update`.
 */
export async function setTicketTags(ctx: AppContext, actor: Actor, id: number, tagIds: readonly number[]): Promise<TicketResponse> {
  const row = await findTicketRow(ctx.db, id);
  await assertCanWriteTicket(ctx.db, actor, row);
  return { ticket: await writeTicketTags(ctx, id, () => tagIds) };
}

/** One label taken off a ticket (an automation's removeTag); nothing announced when it had none. */
export async function removeTicketTag(ctx: AppContext, ticketId: number, tagId: number): Promise<void> {
  const [gone] = await ctx.db
    .delete(ticketTags)
    .where(and(eq(ticketTags.ticketId, ticketId), eq(ticketTags.tagId, tagId)))
    .returning({ tagId: ticketTags.tagId });
  if (gone) await ctx.events.emit("ticket.updated", { ticket: await presentTicket(ctx.db, ticketId), transition: "update" });
}
