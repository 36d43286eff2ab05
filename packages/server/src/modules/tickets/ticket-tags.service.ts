import type { TicketResponse } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { replaceTicketTags } from "../tags/tag-links.repo.js";
import { ticketMoment } from "./ticket-events.js";
import { presentTicket } from "./ticket.presenter.js";
import { assertCanWriteTicket } from "./ticket.policy.js";
import { findTicketRow } from "./tickets.repo.js";

/**
 * PUT /tickets/{id}/tags: `tagIds` becomes the ticket's whole set of labels, for whoever may write
 * in it (ticket.policy.ts; refused in a closed ticket). Its audience hears the ticket's `update`
 * (ticket.updated, published with the write). The ticket keeps its place in the lists: a label is
 * not activity, so `updated_at` stays.
 */
export async function setTicketTags(ctx: AppContext, actor: Actor, id: number, tagIds: readonly number[]): Promise<TicketResponse> {
  const row = await findTicketRow(ctx.db, id);
  await assertCanWriteTicket(ctx.db, actor, row);
  const ticket = await ctx.events.transaction(async (tx, publish) => {
    await replaceTicketTags(tx, id, tagIds);
    const presented = await presentTicket(tx, id);
    publish(ticketMoment(presented, "update"));
    return presented;
  });
  return { ticket };
}
