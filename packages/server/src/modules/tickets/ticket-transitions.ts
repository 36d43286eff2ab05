import type { TicketUpdateAction, ticketUpsertActions, updateTicketBody } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { connections, queues, users, type tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertTicketPermission } from "./ticket.policy.js";
import type { TicketRow } from "./tickets.repo.js";

type TicketUpsertAction = (typeof ticketUpsertActions)[number];

export type UpdateTicket = z.output<typeof updateTicketBody>;

/** A write to make: the columns to set, the event to announce, and what else goes with it. */
export interface Change {
  set: Partial<typeof tickets.$inferInsert>;
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

/**
 * The action of a body that names none, read the way the spec's client writes its calls
 * (`{status: "open", userId: me}` accepts, `{status: "closed"}` resolves…).
 */
function inferAction(actor: Actor, body: UpdateTicket): TicketUpdateAction {
  if (body.whatsappId !== undefined) return "transferConnection";
  if (body.status === "closed") return "closed";
  if (typeof body.userId === "number" && body.userId !== actor.id) return "transferOwner";
  if (body.status === "open" || body.userId === actor.id) return "assigned";
  if (typeof body.queueId === "number") return "updateQueue";
  if (body.status === "pending") return "pending";
  throw new AppError("ERR_MISSING_VALUES", 400, "Say what to do with the ticket: an action, a status, a user or a queue.");
}

async function assertQueue(ctx: AppContext, queueId: number | null | undefined): Promise<number> {
  if (typeof queueId !== "number") throw new AppError("ERR_MISSING_VALUES", 400, "Choose a queue.");
  const [row] = await ctx.db.select({ id: queues.id }).from(queues).where(eq(queues.id, queueId)).limit(1);
  if (!row) throw new AppError("ERR_NO_QUEUE_FOUND");
  return row.id;
}

async function assertActiveUser(ctx: AppContext, userId: number | null | undefined): Promise<number> {
  if (typeof userId !== "number") throw new AppError("ERR_MISSING_VALUES", 400, "Choose a user.");
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isDeleted, false)))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  return row.id;
}

/** Accept a pending ticket, or reopen a closed one, for the caller (action `assigned`). */
async function planAssign(ctx: AppContext, actor: Actor, ticket: TicketRow, now: Date): Promise<Plan> {
  const mine = { status: "open" as const, userId: actor.id, updatedAt: now };
  if (ticket.status === "open") return ticket.userId === actor.id ? { kind: "unchanged" } : { kind: "heldByOther" };
  if (ticket.status === "pending") {
    await assertTicketPermission(ctx.db, actor, ticket, "accept");
    return { kind: "change", change: { set: mine, action: "assigned", newOwnerId: actor.id } };
  }
  await assertTicketPermission(ctx.db, actor, ticket, "reopen");
  return { kind: "change", change: { set: { ...mine, closedAt: null }, action: "assigned", newOwnerId: actor.id, activatesOn: ticket.connectionId } };
}

/**
 * What PUT /tickets/{id} would do to this ticket as it stands, after the permission checks
 * (docs/decisions/0020, the rule in contracts' ticketPermissions): accepting needs a pending
 * ticket the caller may see; everything else is for the owner or an admin, and a closed ticket
 * only reopens; moving to another connection is for admins. Repeating a transition that is
 * already done (resolve a closed ticket, return a pending one) changes nothing.
 */
export async function planTransition(ctx: AppContext, actor: Actor, ticket: TicketRow, body: UpdateTicket, now: Date): Promise<Plan> {
  const action = body.action ?? inferAction(actor, body);
  switch (action) {
    case "assigned":
      return planAssign(ctx, actor, ticket, now);
    case "pending":
      await assertTicketPermission(ctx.db, actor, ticket, "returnToPending");
      if (ticket.status === "pending") return { kind: "unchanged" };
      return { kind: "change", change: { set: { status: "pending", userId: null, updatedAt: now }, action: "pending" } };
    case "closed":
      await assertTicketPermission(ctx.db, actor, ticket, "resolve");
      if (ticket.status === "closed") return { kind: "unchanged" };
      return { kind: "change", change: { set: { status: "closed", closedAt: now, updatedAt: now }, action: "closed", farewell: body.sendFarewellMessage === true } };
    case "transferOwner": {
      await assertTicketPermission(ctx.db, actor, ticket, "transfer");
      const userId = await assertActiveUser(ctx, body.userId);
      const queueId = typeof body.queueId === "number" ? await assertQueue(ctx, body.queueId) : ticket.queueId;
      return { kind: "change", change: { set: { status: "open", userId, queueId, updatedAt: now }, action: "transferOwner", newOwnerId: userId } };
    }
    case "updateQueue": {
      await assertTicketPermission(ctx.db, actor, ticket, "transfer");
      const queueId = await assertQueue(ctx, body.queueId);
      return { kind: "change", change: { set: { status: "pending", userId: null, queueId, updatedAt: now }, action: "updateQueue" } };
    }
    case "transferConnection": {
      await assertTicketPermission(ctx.db, actor, ticket, "transferConnection");
      if (body.whatsappId === undefined) throw new AppError("ERR_MISSING_VALUES", 400, "Choose a connection.");
      const [target] = await ctx.db.select({ id: connections.id }).from(connections).where(eq(connections.id, body.whatsappId)).limit(1);
      if (!target) throw new AppError("ERR_NO_WAPP_FOUND");
      if (target.id === ticket.connectionId) return { kind: "unchanged" };
      const activatesOn = ticket.status === "closed" ? undefined : target.id;
      return { kind: "change", change: { set: { connectionId: target.id, updatedAt: now }, action: "update", activatesOn } };
    }
  }
}
