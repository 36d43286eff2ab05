import type { TicketBulkResponse } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { databaseError } from "../../core/db-errors.js";
import { done, readTickets, refusalCode, refused, visibleRows, type Outcomes, type TicketBulk } from "./ticket-bulk-common.js";
import { tagTickets } from "./ticket-bulk-tags.js";
import { sendFarewell } from "./ticket-farewell.js";
import { liveChecks, planTransition, type TransitionChecks, type UpdateTicket } from "./ticket-transitions.js";
import { applyChange, ATTEMPTS, writeChanges, type Planned, type Written } from "./ticket-update.service.js";
import { assertKnownPermission } from "./ticket.policy.js";
import { activeTicketsOnPairs, type TicketRow } from "./tickets.repo.js";

/** The single call's body for a bulk move (PUT /tickets/{id}, contracts' updateTicketBody). */
function updateBodyOf(body: Exclude<TicketBulk, { action: "tag" | "untag" }>): UpdateTicket {
  switch (body.action) {
    case "accept":
    case "reopen":
      return { status: "open", action: "assigned" };
    case "close":
      return { status: "closed", action: "closed", ...(body.sendFarewellMessage === undefined ? {} : { sendFarewellMessage: body.sendFarewellMessage }) };
    case "transfer": {
      const { userId, queueId, whatsappId } = body;
      const connection = whatsappId === undefined ? {} : { whatsappId };
      if (userId !== undefined) return { userId, ...(queueId === undefined ? {} : { queueId }), ...connection, action: "transferOwner" };
      if (queueId !== undefined) return { queueId, userId: null, status: "pending", ...connection, action: "updateQueue" };
      return { ...connection, action: "transferConnection" };
    }
  }
}

/** Each lookup once per call (a bulk transfer names one queue, user or connection for all its tickets). */
function memo<T>(lookup: (id: number) => Promise<T>): (id: number) => Promise<T> {
  const seen = new Map<number, Promise<T>>();
  return (id) => {
    const known = seen.get(id) ?? lookup(id);
    seen.set(id, known);
    return known;
  };
}

/**
 * The single call's `assigned` both accepts a pending ticket and reopens a closed one: a bulk
 * accept leaves closed tickets closed and a bulk reopen leaves waiting ones waiting, refused as
 * the policy refuses them (`accept` needs a pending ticket, `reopen` a closed one).
 */
function assertIntent(checks: TransitionChecks, action: TicketBulk["action"], ticket: TicketRow): Promise<void> | undefined {
  if (action === "accept" && ticket.status === "closed") return checks.permit(ticket, "accept");
  if (action === "reopen" && ticket.status === "pending") return checks.permit(ticket, "reopen");
  return undefined;
}

/**
 * Moves each ticket as PUT /tickets/{id} would (planTransition: its policy checks and the
 * lifecycle's columns). Moves that make a ticket active on a connection (reopen, another
 * connection) go one at a time through the single call's write, since two of one contact may
 * clash; the others are written together (writeChanges). A ticket changed meanwhile is read and
 * planned again, like the single call.
 */
async function moveTickets(ctx: AppContext, actor: Actor, body: Exclude<TicketBulk, { action: "tag" | "untag" }>, outcomes: Outcomes): Promise<void> {
  const update = updateBodyOf(body);
  const live = liveChecks(ctx, actor);
  const lookups = { queue: memo(live.queue), user: memo(live.user), connection: memo(live.connection) };
  // What the request names is looked up once, before any ticket: an unknown one refuses the call.
  if (body.action === "transfer") {
    if (body.userId !== undefined) await lookups.user(body.userId);
    if (body.queueId !== undefined) await lookups.queue(body.queueId);
    if (body.whatsappId !== undefined) await lookups.connection(body.whatsappId);
  }
  let ids: readonly number[] = body.ticketIds;
  for (let attempt = 1; attempt <= ATTEMPTS && ids.length > 0; attempt++) {
    const read = await readTickets(ctx, actor, ids);
    const checks: TransitionChecks = { ...lookups, permit: async (ticket, ability) => assertKnownPermission(actor, ticket, read.ties, ability) };
    const now = new Date();
    const together: Planned[] = [];
    const activating: Planned[] = [];
    for (const row of visibleRows(actor, ids, read, outcomes)) {
      try {
        await assertIntent(checks, body.action, row);
        const plan = await planTransition(ctx, actor, row, update, now, checks);
        if (plan.kind === "unchanged") outcomes.set(row.id, done(row.id));
        else if (plan.kind === "heldByOther") outcomes.set(row.id, refused(row.id, "ERR_OTHER_OPEN_TICKET"));
        else (plan.change.activatesOn === undefined ? together : activating).push({ before: row, participants: read.participants.get(row.id) ?? [], change: plan.change });
      } catch (error) {
        outcomes.set(row.id, refused(row.id, refusalCode(error)));
      }
    }
    const again: number[] = [];
    for (const batch of [together, await withoutClashes(ctx, activating, outcomes)]) {
      let written: Map<number, Written>;
      try {
        written = await writeChanges(ctx, batch);
      } catch (error) {
        // Another ticket became active meanwhile on one of these conversations: one at a time, as the single call.
        if (batch === together || databaseError(error)?.code !== "23505") throw error;
        again.push(...(await oneAtATime(ctx, actor, batch, outcomes)));
        continue;
      }
      for (const { before, change } of batch) {
        const moved = written.get(before.id);
        if (!moved) again.push(before.id);
        else {
          if (change.farewell) await sendFarewell(ctx, moved.row);
          outcomes.set(before.id, done(before.id));
        }
      }
    }
    ids = again;
  }
  // Still changing under us after every attempt: the single call's answer then.
  for (const id of ids) outcomes.set(id, refused(id, "ERR_OTHER_OPEN_TICKET"));
}

/**
 * Moves that make a ticket active on its connection (a reopen, another connection), less those
 * that would clash on the one-active-ticket rule: with another active ticket of the contact
 * there, or with an earlier one of this call (the first wins). Refused as the single call
 * refuses them (ERR_OTHER_OPEN_TICKET, held by someone or not).
 */
async function withoutClashes(ctx: AppContext, planned: readonly Planned[], outcomes: Outcomes): Promise<Planned[]> {
  const pairOf = (item: Planned) => `${item.before.contactId}:${item.change.activatesOn}`;
  const pairs = planned.map((item) => ({ contactId: item.before.contactId!, connectionId: item.change.activatesOn! }));
  const others = await activeTicketsOnPairs(
    ctx.db,
    pairs,
    planned.map((item) => item.before.id),
  );
  const taken = new Set(others.map((other) => `${other.contactId}:${other.connectionId}`));
  return planned.filter((item) => {
    const pair = pairOf(item);
    if (taken.has(pair)) {
      outcomes.set(item.before.id, refused(item.before.id, "ERR_OTHER_OPEN_TICKET"));
      return false;
    }
    taken.add(pair);
    return true;
  });
}

/** Planned moves written one by one through the single call's path; the ids that changed meanwhile. */
async function oneAtATime(ctx: AppContext, actor: Actor, planned: readonly Planned[], outcomes: Outcomes): Promise<number[]> {
  const again: number[] = [];
  for (const { before, change } of planned) {
    try {
      const result = await applyChange(ctx, actor, before, change);
      if (result === undefined) again.push(before.id);
      else outcomes.set(before.id, result.ticketIsOpen ? refused(before.id, "ERR_OTHER_OPEN_TICKET") : done(before.id));
    } catch (error) {
      outcomes.set(before.id, refused(before.id, refusalCode(error)));
    }
  }
  return again;
}

/**
 * POST /tickets/bulk (docs/decisions/0077): one action on each ticket, each checked and changed
 * as its single call would, one event per ticket changed, one outcome per ticket in the order asked.
 */
export async function bulkTickets(ctx: AppContext, actor: Actor, body: TicketBulk): Promise<TicketBulkResponse> {
  const outcomes: Outcomes = new Map();
  if (body.action === "tag" || body.action === "untag") await tagTickets(ctx, actor, body, outcomes);
  else await moveTickets(ctx, actor, body, outcomes);
  return { results: body.ticketIds.map((id) => outcomes.get(id) ?? refused(id, "ERR_NO_TICKET_FOUND")) };
}
