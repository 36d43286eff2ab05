import type { Message, Ticket } from "@atendo/contracts";
import { asc, inArray } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import type { DomainEvent } from "../../events/domain-events.js";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import { messageMoments } from "../messages/delivery/announce.js";
import type { MessageRow } from "../messages/message.presenter.js";
import { ticketMoment, visibilityBefore } from "../tickets/ticket-events.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import { participantIdsByTicket, type TicketRow } from "../tickets/tickets.repo.js";
import { writeAutomaticTogether } from "./automatic-messages.js";
import { awaitsMenuAnswer } from "./conversation.js";
import { nextStep, stepColumns } from "./menu-answer.js";
import { routeEnv } from "./route-env.js";
import { databaseRouteLoader, memoizedRouteLoader, type RouteLoader } from "./route-loader.js";
import type { RouteEnv, RoutePlan } from "./walk.js";

/** A message of a group commit's batch, stored for a ticket that was waiting in a menu. */
export interface MenuBatchMessage {
  connection: ConnectionRow;
  message: MessageRow;
  isGroup: boolean;
  /** The ticket as the store presented it (after the batch's messages, before any step). */
  ticket: Ticket;
}

/** What a message of the batch led to: its ticket as it then stood, and routing's texts it caused (presented, due for dispatch). */
export interface MenuBatchOutcome {
  ticket: Ticket;
  sent: Message[];
}

interface Step {
  index: number;
  before: TicketRow;
  plan: RoutePlan;
}

/** One `update` per distinct set of columns (the customers who chose the same option move together). */
async function moveTogether(tx: Db, steps: readonly Step[], now: Date): Promise<TicketRow[]> {
  const groups = new Map<string, { columns: ReturnType<typeof stepColumns>; ids: number[] }>();
  for (const { before, plan } of steps) {
    const columns = stepColumns(before, plan, now);
    const key = JSON.stringify(columns);
    const group = groups.get(key) ?? { columns, ids: [] };
    group.ids.push(before.id);
    groups.set(key, group);
  }
  const moved: TicketRow[] = [];
  for (const { columns, ids } of groups.values()) moved.push(...(await tx.update(tickets).set(columns).where(inArray(tickets.id, ids)).returning()));
  return moved;
}

/** Each ticket's messages of the batch, as indexes in batch order. */
function byTicket(batch: readonly MenuBatchMessage[]): number[][] {
  const lists = new Map<number, number[]>();
  batch.forEach((item, index) => lists.set(item.ticket.id, [...(lists.get(item.ticket.id) ?? []), index]));
  return [...lists.values()];
}

/**
 * A group commit's messages to tickets waiting in a menu, answered together in ONE transaction
 * (docs/decisions/0102): the tickets locked and read at once, each message's step decided in
 * memory from menus and destinations read once for the batch (memoizedRouteLoader), the moves
 * written by one `update` per distinct placement and routing's texts by one insert. A ticket with
 * several messages in the batch takes them in order, one round each: the second answers whatever
 * the first led to, or is a plain message of wherever it now rests. Every message's moments —
 * the message received, the move, routing's texts — are published by the same transaction
 * (their durable rows kept with it), in batch order, delivered after its commit. Returns one
 * outcome per message, in order; the texts are the caller's to dispatch after the commit.
 */
export async function answerMenusTogether(ctx: AppContext, batch: readonly MenuBatchMessage[], now: Date): Promise<MenuBatchOutcome[]> {
  return ctx.events.transaction(async (tx, publish) => {
    const ids = [...new Set(batch.map((item) => item.ticket.id))];
    const locked = await tx.select().from(tickets).where(inArray(tickets.id, ids)).orderBy(asc(tickets.id)).for("update");
    const rows = new Map(locked.map((row) => [row.id, row]));
    const participants = await participantIdsByTicket(tx, ids);
    const loader: RouteLoader = memoizedRouteLoader(databaseRouteLoader(tx));
    const envs = new Map<number, RouteEnv>();
    const envOf = (connection: ConnectionRow) => envs.get(connection.id) ?? envs.set(connection.id, routeEnv(ctx, tx, connection, now, loader)).get(connection.id)!;
    // The ticket each next event shows: the store's presentation, then each step's.
    const shown = new Map(batch.map((item) => [item.ticket.id, item.ticket]));
    const events: DomainEvent[][] = batch.map(() => []);
    const outcomes: MenuBatchOutcome[] = [];
    const queues = byTicket(batch);

    while (queues.some((list) => list.length > 0)) {
      // Each ticket's next message: a round never holds two of one ticket.
      const round = queues.filter((list) => list.length > 0).map((list) => list.shift()!);
      const steps: Step[] = [];
      for (const index of round) {
        const { message, ticket, connection, isGroup } = batch[index]!;
        const before = rows.get(ticket.id);
        const received = await messageMoments(tx, shown.get(ticket.id)!, { created: false, reopened: null }, { received: [message], sent: [] });
        events[index]!.push(...received.events);
        outcomes[index] = { ticket: shown.get(ticket.id)!, sent: [] };
        // The company's own messages and groups are never answers; a ticket taken over meanwhile waits in no menu.
        if (!before || message.fromMe || isGroup || !awaitsMenuAnswer(before)) continue;
        steps.push({ index, before, plan: await nextStep(envOf(connection), before.uraId!, before.uraMisses, message.body) });
      }
      if (steps.length === 0) continue;
      for (const row of await moveTogether(tx, steps, now)) rows.set(row.id, row);
      const written = await writeAutomaticTogether(
        tx,
        steps.map(({ before, plan }) => ({ ticket: before, texts: plan.texts })),
        now,
      );
      const presented = await presentTicketsById(
        tx,
        steps.map((step) => step.before.id),
      );
      for (const [j, { index, before, plan }] of steps.entries()) {
        const ticket = presented.get(before.id)!;
        shown.set(before.id, ticket);
        const sent = await messageMoments(tx, ticket, { created: false, reopened: null }, { received: [], sent: written[j]! });
        events[index]!.push(ticketMoment(ticket, plan.action, visibilityBefore(before, participants.get(before.id) ?? []), "customer"), ...sent.events);
        outcomes[index] = { ticket, sent: sent.presented };
      }
    }
    publish(...events.flat());
    return outcomes;
  });
}
