import type { TicketUpsertAction } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { tickets } from "../../db/schema/index.js";
import type { ClosedBy } from "../../events/domain-events.js";
import { messageMoments } from "../messages/delivery/announce.js";
import { dispatchOutgoing } from "../messages/delivery/outgoing.service.js";
import { writeAutomatic } from "../routing/automatic-messages.js";
import { routeEnv } from "../routing/route-env.js";
import { walkDestination, type RoutePlan } from "../routing/walk.js";
import { ticketMoment, visibilityBefore } from "../tickets/ticket-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import { participantIdsOf } from "../tickets/tickets.repo.js";
import type { Stage } from "./bot-stage.js";
import type { BotReply } from "./bot-reply.js";

/** Where the bot's reply leads: its hand-off's destination, its fallback, or nowhere (it stays). */
function destinationOf(stage: Stage, reply: BotReply) {
  const { action } = reply;
  if (action?.type === "handoff") return { destinationType: action.destinationType, destinationTypeId: action.destinationTypeId };
  if (action?.type === "fallback") return { destinationType: stage.bot.destinationType, destinationTypeId: stage.bot.destinationId };
  return undefined;
}

/**
 * Writes a bot's reply in one transaction that first locks the ticket and checks it still waits
 * in that bot's stage: a reply arriving after a person took the ticket (or after a keyword, the
 * timeout or a deletion moved it on) is dropped, so the bot never answers in a ticket a person
 * has (docs/decisions/0092). Its texts are automatic messages (routing's writer, dispatched after
 * the commit); a hand-off walks the destination as routing does (its greeting follows the bot's
 * texts), a close is the system's. Returns false when the reply was dropped.
 */
export async function applyReply(ctx: AppContext, stage: Stage, reply: BotReply, now: Date): Promise<boolean> {
  const written = await ctx.events.transaction(async (tx, publish) => {
    const [before] = await tx.select().from(tickets).where(eq(tickets.id, stage.ticket.id)).for("update");
    if (!before || before.status !== "pending" || before.botId !== stage.bot.id) return undefined;
    const destination = destinationOf(stage, reply);
    let plan: RoutePlan | undefined;
    let transition: TicketUpsertAction | undefined;
    let by: ClosedBy = "person";
    if (destination) {
      plan = await walkDestination(routeEnv(ctx, tx, stage.connection, now), destination, [...reply.texts]);
      await tx.update(tickets).set(lifecycle.routed(plan.placement, now)).where(eq(tickets.id, before.id));
      transition = plan.action;
    } else if (reply.action?.type === "close") {
      await tx.update(tickets).set(lifecycle.closed(now)).where(eq(tickets.id, before.id));
      transition = "closed";
      by = "system";
    } else {
      await tx.update(tickets).set({ botSession: reply.session ?? before.botSession, botBusyUntil: null }).where(eq(tickets.id, before.id));
    }
    const automatic = await writeAutomatic(tx, before, plan ? plan.texts : reply.texts, now);
    const ticket = await presentTicket(tx, before.id);
    const { events, presented } = await messageMoments(tx, ticket, { created: false, reopened: null }, { received: [], sent: automatic });
    if (transition) publish(ticketMoment(ticket, transition, visibilityBefore(before, await participantIdsOf(tx, before.id)), by));
    publish(...events);
    return { ticket, presented };
  });
  if (!written) return false;
  if (written.presented.length > 0) await dispatchOutgoing(ctx, written.ticket, written.presented);
  return true;
}
