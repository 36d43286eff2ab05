import { activeTicketStatuses, type Message, type StageKind, type Ticket } from "@atendo/contracts";
import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { connections, tickets } from "../../db/schema/index.js";
import type { DomainEvent } from "../../events/domain-events.js";
import { messageMoments } from "../messages/delivery/announce.js";
import { ticketMoment, visibilityBefore } from "../tickets/ticket-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import type { TicketRow } from "../tickets/tickets.repo.js";
import { writeAutomatic } from "./automatic-messages.js";
import { customerText, type CustomerTextKey } from "./customer-texts.js";
import { routeEnv } from "./route-env.js";
import { fallbackPlan } from "./walk.js";

/** How a stage kind holds conversations: which active tickets wait in one, and what they are told when it goes. */
interface StageHold {
  waiting: (id: number) => SQL;
  notice: CustomerTextKey;
}

/**
 * Every stage kind says whether conversations wait in it (a kind added to `stageKinds` must), so
 * deleting one never strands them (docs/decisions/0037).
 */
const holds: Record<StageKind, StageHold | null> = {
  // The customer's next message is the menu's answer (tickets.ura_id).
  uras: { waiting: (id) => eq(tickets.uraId, id), notice: "menuRemoved" },
  // Said and passed in the same step as the destination after it: nobody waits in one.
  announcements: null,
  // It hands the conversation to its owner at once (or records it closed): the owner's work, which
  // stays theirs; nobody waits in the monitoring itself.
  monitorings: null,
  // The bot answers the customer's messages while the ticket is in its stage (tickets.bot_id).
  bots: { waiting: (id) => eq(tickets.botId, id), notice: "botRemoved" },
};

const active = inArray(tickets.status, activeTicketStatuses);

/** How many conversations wait in stage (kind, id) now. */
export async function countWaiting(db: Db, kind: StageKind, id: number): Promise<number> {
  const hold = holds[kind];
  if (!hold) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(hold.waiting(id), active));
  return row?.n ?? 0;
}

/** A notice written for one ticket, to hand to its channel once the move has committed. */
export interface StageNotice {
  ticket: Ticket;
  messages: Message[];
}

export interface StageExit {
  /** The tickets' moves and the notices' messages, for the caller's transaction to publish. */
  events: DomainEvent[];
  notices: StageNotice[];
}

async function connectionsOf(tx: Db, waiting: readonly TicketRow[]) {
  const ids = [...new Set(waiting.flatMap((ticket) => (ticket.connectionId === null ? [] : [ticket.connectionId])))];
  const rows = await tx.select().from(connections).where(inArray(connections.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Moves on every conversation waiting in stage (kind, id), inside the transaction that deletes
 * it: where the connection's routing would have put it had the stage not existed — its fallback,
 * waiting with no queue, which every attendant sees (still out of hours if it came in so) — and
 * the customer is told, in the language routing writes to them. The tickets are locked first, so
 * an answer arriving meanwhile is read before (and moves it on itself) or after (and finds it
 * moved). Returns the events to publish with the delete and the notices to send after its commit.
 */
export async function moveOnWaiting(ctx: AppContext, tx: Db, kind: StageKind, id: number, now: Date): Promise<StageExit> {
  const hold = holds[kind];
  if (!hold) return { events: [], notices: [] };
  const waiting = await tx
    .select()
    .from(tickets)
    .where(and(hold.waiting(id), active))
    .orderBy(asc(tickets.id))
    .for("update");
  if (waiting.length === 0) return { events: [], notices: [] };
  const connectionById = await connectionsOf(tx, waiting);
  const moves = [];
  for (const before of waiting) {
    const connection = before.connectionId === null ? undefined : connectionById.get(before.connectionId);
    if (!connection) continue;
    const plan = fallbackPlan([customerText((await routeEnv(ctx, tx, connection, now).style()).language, hold.notice)]);
    const placement = { ...plan.placement, outOfHours: plan.placement.status === "pending" && before.outOfHours };
    await tx.update(tickets).set(lifecycle.routed(placement, now)).where(eq(tickets.id, before.id));
    moves.push({ before, action: plan.action, automatic: await writeAutomatic(tx, before, plan.texts, now) });
  }
  const presented = await presentTicketsById(
    tx,
    moves.map((move) => move.before.id),
  );
  const exit: StageExit = { events: [], notices: [] };
  for (const { before, action, automatic } of moves) {
    const ticket = presented.get(before.id);
    if (!ticket) continue;
    const participants = ticket.userTicket.map((p) => p.userId);
    const { events, presented: messages } = await messageMoments(tx, ticket, { created: false, reopened: null }, { received: [], sent: automatic });
    exit.events.push(ticketMoment(ticket, action, visibilityBefore(before, participants)), ...events);
    exit.notices.push({ ticket, messages });
  }
  return exit;
}
