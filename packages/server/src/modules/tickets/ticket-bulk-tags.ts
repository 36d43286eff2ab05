import { limits } from "@atendo/contracts";
import { and, inArray } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { tags, ticketTags } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { done, readTickets, refusalCode, refused, visibleRows, type Outcomes, type TicketBulk } from "./ticket-bulk-common.js";
import { domainEvent } from "../../events/domain-events.js";
import { ticketMoment } from "./ticket-events.js";
import { presentTicketsById } from "./ticket.presenter.js";
import { assertKnownPermission } from "./ticket.policy.js";

type TagBulk = Extract<TicketBulk, { action: "tag" | "untag" }>;

/** The labels a ticket carries, by ticket. */
async function labelsOf(ctx: AppContext, ticketIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const links = ticketIds.length === 0 ? [] : await ctx.db.select().from(ticketTags).where(inArray(ticketTags.ticketId, [...ticketIds]));
  const byTicket = new Map<number, Set<number>>();
  for (const link of links) byTicket.set(link.ticketId, (byTicket.get(link.ticketId) ?? new Set()).add(link.tagId));
  return byTicket;
}

/**
 * Bulk `tag` / `untag`: adds or takes off these labels on each ticket, keeping the others — what
 * PUT /tickets/{id}/tags would do with the ticket's set plus or minus them, for whoever may write
 * in the ticket (refused in a closed one), a set over `limits.tagsPerRecordMax` refused as there.
 * An unknown label refuses the whole call (404 ERR_NO_TAG_FOUND), nothing written. One
 * transaction for all the tickets, one `update` event each, as the single call announces.
 */
export async function tagTickets(ctx: AppContext, actor: Actor, body: TagBulk, outcomes: Outcomes): Promise<void> {
  const known = await ctx.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, body.tagIds));
  if (known.length !== body.tagIds.length) throw new AppError("ERR_NO_TAG_FOUND");
  const read = await readTickets(ctx, actor, body.ticketIds);
  const writable = visibleRows(actor, body.ticketIds, read, outcomes).filter((row) => {
    try {
      assertKnownPermission(actor, row, read.ties, "write");
      return true;
    } catch (error) {
      outcomes.set(row.id, refused(row.id, refusalCode(error)));
      return false;
    }
  });
  const labels = body.action === "tag" ? await labelsOf(ctx, writable.map((row) => row.id)) : new Map<number, Set<number>>();
  const ids = writable
    .map((row) => row.id)
    .filter((id) => {
      const after = new Set([...(labels.get(id) ?? []), ...body.tagIds]);
      if (body.action === "untag" || after.size <= limits.tagsPerRecordMax) return true;
      outcomes.set(id, refused(id, "ERR_MISSING_VALUES"));
      return false;
    });
  if (ids.length === 0) return;
  await ctx.events.transaction(async (tx, publish) => {
    let added: { ticketId: number; tagId: number }[] = [];
    if (body.action === "tag") {
      added = await tx
        .insert(ticketTags)
        .values(ids.flatMap((ticketId) => body.tagIds.map((tagId) => ({ ticketId, tagId }))))
        .onConflictDoNothing()
        .returning();
    } else {
      await tx.delete(ticketTags).where(and(inArray(ticketTags.ticketId, ids), inArray(ticketTags.tagId, body.tagIds)));
    }
    // The ticket keeps its place in the lists: a label is not activity (ticket-tags.service.ts).
    const presented = await presentTicketsById(tx, ids);
    for (const ticket of presented.values()) publish(ticketMoment(ticket, "update"));
    // The tagAdded trigger hears each label newly on a ticket (decision 0093).
    for (const { ticketId, tagId } of added) publish(domainEvent("ticket.tagged", { ticket: presented.get(ticketId)!, tagId }));
  });
  for (const id of ids) outcomes.set(id, done(id));
}
