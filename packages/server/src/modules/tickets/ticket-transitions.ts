import type { TicketAbilities, TicketUpdateAction, ticketUpsertActions, updateTicketBody } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { connections, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertTicketPermission } from "./ticket.policy.js";
import * as lifecycle from "./ticket-lifecycle.js";
import type { SlaClock } from "./sla-clock.js";
import { findQueueClock } from "./sla-clock.repo.js";
import type { TicketRow } from "./tickets.repo.js";

type TicketUpsertAction = (typeof ticketUpsertActions)[number];

export type UpdateTicket = z.output<typeof updateTicketBody>;

/** A write to make: the columns to set, the event to announce, and what else goes with it. */
export interface Change {
  set: lifecycle.TicketColumns;
  action: TicketUpsertAction;
  /** The ticket's new owner, who stops being one of its participants. */
  newOwnerId?: number;
  /** Send the connection's farewell message after closing. */
  farewell?: boolean;
  /** The ticket becomes active on this connection: another active ticket there is a conflict. */
  activatesOn?: number;
}

/** Either a write, or an answer with nothing to write (already done, or held by someone else). */
export type Plan = { kind: "change"; change: Change } | { kind: "unchanged" } | { kind: "heldByOther" };

/** The transitions of a ticket's status, owner or queue; a move to another connection goes with any. */
type MainAction = Exclude<TicketUpdateAction, "transferConnection">;

/**
 * The status, owner or queue transition a body asks for: its `action`, or, when it names none (or
 * only `transferConnection`), read the way the spec's client writes its calls (`{status: "open",
 * userId: me}` accepts, `{status: "closed"}` resolves…). Undefined: the body asks for none.
 */
function mainAction(actor: Actor, body: UpdateTicket): MainAction | undefined {
  if (body.action !== undefined && body.action !== "transferConnection") return body.action;
  if (body.status === "closed") return "closed";
  if (typeof body.userId === "number" && body.userId !== actor.id) return "transferOwner";
  if (body.status === "open" || body.userId === actor.id) return "assigned";
  if (typeof body.queueId === "number") return "updateQueue";
  if (body.status === "pending") return "pending";
  return undefined;
}

/**
 * What a plan asks the database: the caller's permission on the ticket, and whether the queue,
 * user or connection the body names exists. A bulk call (ticket-bulk.service.ts) answers the
 * same questions from what it read once for all its tickets.
 */
export interface TransitionChecks {
  permit(ticket: TicketRow, ability: keyof TicketAbilities): Promise<void>;
  /** The queue, with its SLA clock (a move into it starts its clocks). */
  queue(queueId: number): Promise<QueueTarget>;
  user(userId: number): Promise<number>;
  connection(connectionId: number): Promise<number>;
}

/** A queue a ticket moves to, and the clock its SLA targets run on there (null: none). */
export interface QueueTarget {
  id: number;
  clock: SlaClock | null;
}

/** The checks of one PUT /tickets/{id}: each a query. */
export function liveChecks(ctx: AppContext, actor: Actor): TransitionChecks {
  return {
    permit: (ticket, ability) => assertTicketPermission(ctx.db, actor, ticket, ability),
    queue: (queueId) => findQueue(ctx, queueId),
    user: (userId) => findActiveUser(ctx, userId),
    connection: (connectionId) => findConnection(ctx, connectionId),
  };
}

async function findConnection(ctx: AppContext, connectionId: number): Promise<number> {
  const [target] = await ctx.db.select({ id: connections.id }).from(connections).where(eq(connections.id, connectionId)).limit(1);
  if (!target) throw new AppError("ERR_NO_WAPP_FOUND");
  return target.id;
}

function assertQueue(checks: TransitionChecks, queueId: number | null | undefined): Promise<QueueTarget> {
  if (typeof queueId !== "number") throw new AppError("ERR_MISSING_VALUES", 400, "Choose a queue.");
  return checks.queue(queueId);
}

function assertActiveUser(checks: TransitionChecks, userId: number | null | undefined): Promise<number> {
  if (typeof userId !== "number") throw new AppError("ERR_MISSING_VALUES", 400, "Choose a user.");
  return checks.user(userId);
}

async function findQueue(ctx: AppContext, queueId: number): Promise<QueueTarget> {
  const found = await findQueueClock(ctx.db, queueId, ctx.config.TIME_ZONE);
  if (!found) throw new AppError("ERR_NO_QUEUE_FOUND");
  return found;
}

async function findActiveUser(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isDeleted, false)))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  return row.id;
}

/** Accept a pending ticket, or reopen a closed one, for the caller (action `assigned`). */
async function planAssign(checks: TransitionChecks, actor: Actor, ticket: TicketRow, now: Date): Promise<Plan> {
  const mine = lifecycle.assigned(actor.id, now);
  if (ticket.status === "open") return ticket.userId === actor.id ? { kind: "unchanged" } : { kind: "heldByOther" };
  if (ticket.status === "pending") {
    await checks.permit(ticket, "accept");
    return { kind: "change", change: { set: mine, action: "assigned", newOwnerId: actor.id } };
  }
  await checks.permit(ticket, "reopen");
  return { kind: "change", change: { set: mine, action: "assigned", newOwnerId: actor.id, activatesOn: ticket.connectionId ?? undefined } };
}

/** One status, owner or queue transition of spec §4, after its permission check. */
async function planMain(checks: TransitionChecks, actor: Actor, ticket: TicketRow, body: UpdateTicket, action: MainAction, now: Date): Promise<Plan> {
  switch (action) {
    case "assigned":
      return planAssign(checks, actor, ticket, now);
    case "pending":
      await checks.permit(ticket, "returnToPending");
      if (ticket.status === "pending") return { kind: "unchanged" };
      return { kind: "change", change: { set: lifecycle.returnedToPending(now), action: "pending" } };
    case "closed":
      await checks.permit(ticket, "resolve");
      if (ticket.status === "closed") return { kind: "unchanged" };
      return { kind: "change", change: { set: lifecycle.closed(now), action: "closed", farewell: body.sendFarewellMessage === true } };
    case "transferOwner": {
      await checks.permit(ticket, "transfer");
      const userId = await assertActiveUser(checks, body.userId);
      const target = typeof body.queueId === "number" ? await assertQueue(checks, body.queueId) : undefined;
      // Into another queue with the attendant: its clocks start there (docs/decisions/0080).
      const enters = target && target.id !== ticket.queueId ? target.clock : undefined;
      const set = lifecycle.transferredToUser(userId, target?.id ?? ticket.queueId, now, enters);
      return { kind: "change", change: { set, action: "transferOwner", newOwnerId: userId } };
    }
    case "updateQueue": {
      await checks.permit(ticket, "transfer");
      const target = await assertQueue(checks, body.queueId);
      // Back into the queue it is in (a pending return by way of a transfer): its clocks run on.
      const set = target.id === ticket.queueId ? lifecycle.returnedToPending(now) : lifecycle.transferredToQueue(target.id, now, target.clock);
      return { kind: "change", change: { set: { ...set, queueId: target.id }, action: "updateQueue" } };
    }
  }
}

/** The connection a body moves the ticket to (admins), checked; undefined when it asks for no move. */
async function connectionTarget(checks: TransitionChecks, ticket: TicketRow, body: UpdateTicket): Promise<number | undefined> {
  if (body.whatsappId === undefined && body.action !== "transferConnection") return undefined;
  await checks.permit(ticket, "transferConnection");
  if (body.whatsappId === undefined) throw new AppError("ERR_MISSING_VALUES", 400, "Choose a connection.");
  return checks.connection(body.whatsappId);
}

/**
 * The transition with the move to another connection folded into the same write. The ticket
 * becomes active on the new connection unless it ends closed; the event is the transition's, or
 * `update` for a move alone (it has no action of its own in §4).
 */
function withConnection(ticket: TicketRow, main: Plan, connectionId: number | undefined, now: Date): Plan {
  if (connectionId === undefined || connectionId === ticket.connectionId || main.kind === "heldByOther") return main;
  const base: Change = main.kind === "change" ? main.change : { set: {}, action: "update" };
  const set = { ...base.set, ...lifecycle.movedConnection(connectionId, now) };
  const status = set.status ?? ticket.status;
  return { kind: "change", change: { ...base, set, activatesOn: status === "closed" ? undefined : connectionId } };
}

/**
 * A body says how the ticket should be: whatever it names must hold once the plan is written, or
 * the request is refused (400) before anything is — a 200 that left part of the body undone
 * would tell the caller a transfer happened when it did not (issue 11).
 */
function assertBodyHolds(ticket: TicketRow, plan: Plan, body: UpdateTicket, action: TicketUpdateAction | undefined): void {
  if (plan.kind === "heldByOther") return; // nothing is written; the answer says who holds it
  const after = { ...ticket, ...(plan.kind === "change" ? plan.change.set : {}) };
  const undone: string[] = (["status", "userId", "queueId"] as const).filter((field) => body[field] !== undefined && body[field] !== after[field]);
  if (body.whatsappId !== undefined && body.whatsappId !== after.connectionId) undone.push("whatsappId");
  if (body.sendFarewellMessage === true && action !== "closed") undone.push("sendFarewellMessage");
  if (undone.length === 0) return;
  throw new AppError(
    "ERR_MISSING_VALUES",
    400,
    `This request cannot also set ${undone.join(", ")}: one request makes one change to the ticket. Send that change on its own.`,
  );
}

/**
 * What PUT /tickets/{id} would do to this ticket as it stands, after the permission checks
 * (docs/decisions/0020, the rule in contracts' ticketPermissions): accepting needs a pending
 * ticket the caller may see; everything else is for the owner or an admin, and a closed ticket
 * only reopens; moving to another connection is for admins, and goes with any one transition in
 * the same write (each part's permission checked). Repeating a transition that is already done
 * (resolve a closed ticket, return a pending one) changes nothing. A body naming a status, owner
 * or queue that the transition would not leave is refused, never half applied.
 */
export async function planTransition(
  ctx: AppContext,
  actor: Actor,
  ticket: TicketRow,
  body: UpdateTicket,
  now: Date,
  checks: TransitionChecks = liveChecks(ctx, actor),
): Promise<Plan> {
  const action = mainAction(actor, body);
  const connectionId = await connectionTarget(checks, ticket, body);
  if (action === undefined && connectionId === undefined) {
    throw new AppError("ERR_MISSING_VALUES", 400, "Say what to do with the ticket: an action, a status, a user, a queue or a connection.");
  }
  const main: Plan = action === undefined ? { kind: "unchanged" } : await planMain(checks, actor, ticket, body, action, now);
  const plan = withConnection(ticket, main, connectionId, now);
  assertBodyHolds(ticket, plan, body, action);
  assertReachable(ticket, plan);
  return plan;
}

/**
 * A ticket whose connection was deleted stays closed history (docs/decisions/0039; the database
 * refuses it otherwise): reopening it needs a move to another connection in the same request.
 */
function assertReachable(ticket: TicketRow, plan: Plan): void {
  if (plan.kind !== "change") return;
  const after = { ...ticket, ...plan.change.set };
  if (after.connectionId === null && after.status !== "closed") {
    throw new AppError("ERR_NO_WAPP_FOUND", 404, "This conversation's connection was deleted: reopen it on another connection.");
  }
}
