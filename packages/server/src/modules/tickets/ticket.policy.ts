import {
  adoptedQueueIds,
  can,
  seesTicket,
  ticketPermissions,
  ticketStatuses,
  type TicketAbilities,
  type TicketFacts,
  type TicketStatus,
  type TicketViewer,
} from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import type { EmitTarget } from "../../realtime/realtime.js";
import { unstaffedQueueIds } from "../queues/memberships.repo.js";
import { userRelationTo, type TicketRow } from "./tickets.repo.js";

/**
 * Who may see and act on a ticket, on the server (docs/decisions/0029). The rule itself is the
 * contracts' ticket-policy.ts; here are its three server forms, kept beside it so they cannot
 * drift: the checks services call first (on a row), the SQL that lists tickets, and the socket
 * rooms that hear about them. ticket.policy.test.ts checks they agree on generated data.
 */

/** The fields visibility depends on. */
export type TicketScope = Pick<TicketRow, "id" | "status" | "userId" | "queueId" | "uraId" | "botId">;

/** In a menu or a bot's stage (docs/decisions/0036, 0092): the contracts' `inMenu`, nobody's work yet. */
export function inAutomatedStage(ticket: Pick<TicketRow, "uraId" | "botId">): boolean {
  return ticket.uraId !== null || ticket.botId !== null;
}

/** inAutomatedStage in SQL, over `t` (or the bare table). */
const notAutomated = (t = sql`t.`) => sql`${t}ura_id is null and ${t}bot_id is null`;

// ── Checks on one ticket ────────────────────────────────────────────────────────────────────

/** The actor's ties to a ticket that the rule reads and the row does not hold. */
interface Relation {
  participant: boolean;
  queueMember: boolean;
}

function ruleInput(actor: Actor, ticket: TicketScope, relation: Relation): [TicketFacts, TicketViewer] {
  return [
    { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId, participantIds: relation.participant ? [actor.id] : [], inMenu: inAutomatedStage(ticket) },
    {
      id: actor.id,
      profile: actor.profile,
      queueIds: relation.queueMember && ticket.queueId !== null ? [ticket.queueId] : [],
      canSeeAllTicketHistory: actor.canSeeAllTicketHistory,
      // Only an admin's own work reads it (isOwnWork), never what anyone sees or may do.
      unstaffedQueueIds: [],
    },
  ];
}

/**
 * Asks the rule about one ticket, reading the actor's participation and queue membership only
 * when they could change the answer (they only ever widen it): admins, owners and tickets with
 * no queue cost no query, as before the rule moved to contracts.
 */
async function decide(db: Db, actor: Actor, ticket: TicketScope, question: (facts: TicketFacts, viewer: TicketViewer) => boolean): Promise<boolean> {
  const ask = (participant: boolean, queueMember: boolean) => question(...ruleInput(actor, ticket, { participant, queueMember }));
  if (ask(false, false)) return true;
  if (!ask(true, true)) return false;
  const need = { participant: ask(true, false) || ask(true, true) !== ask(false, true), queueMember: ask(false, true) || ask(true, true) !== ask(true, false) };
  const relation = await userRelationTo(db, ticket, actor.id, need);
  return ask(relation.participant, relation.queueMember);
}

/**
 * Who may see a ticket (its messages, its media): admins; its owner; its participants; while it
 * waits, the members of its queue — every user when it has no queue (docs/decisions/0006, 0012);
 * once closed, users with `canSeeAllTicketHistory` (0019).
 */
export function canSeeTicket(db: Db, actor: Actor, ticket: TicketScope): Promise<boolean> {
  return decide(db, actor, ticket, seesTicket);
}

export async function assertCanSeeTicket(db: Db, actor: Actor, ticket: TicketScope): Promise<void> {
  if (!(await canSeeTicket(db, actor, ticket))) throw new AppError("ERR_NO_PERMISSION");
}

/** ERR_NO_PERMISSION unless the server accepts that request on the ticket (ticketPermissions). */
export async function assertTicketPermission(db: Db, actor: Actor, ticket: TicketScope, ability: keyof TicketAbilities): Promise<void> {
  if (!(await decide(db, actor, ticket, (facts, viewer) => ticketPermissions(facts, viewer)[ability]))) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * The same checks on many tickets at once (POST /tickets/bulk, docs/decisions/0077): the actor's
 * queues and the tickets' participants read once by the caller, so each answer costs no query.
 * The live checks read only the ties that could change the answer; knowing all of them gives the
 * same answer, since they only ever widen it.
 */
export interface KnownTies {
  /** The queues the actor belongs to. */
  queueIds: ReadonlySet<number>;
  /** Each ticket's participants. */
  participantsOf(ticketId: number): readonly number[];
}

function decideKnown(actor: Actor, ticket: TicketScope, ties: KnownTies, question: (facts: TicketFacts, viewer: TicketViewer) => boolean): boolean {
  const relation = { participant: ties.participantsOf(ticket.id).includes(actor.id), queueMember: ticket.queueId !== null && ties.queueIds.has(ticket.queueId) };
  return question(...ruleInput(actor, ticket, relation));
}

/** canSeeTicket, with the ties known. */
export function seesKnown(actor: Actor, ticket: TicketScope, ties: KnownTies): boolean {
  return decideKnown(actor, ticket, ties, seesTicket);
}

/** assertTicketPermission, with the ties known. */
export function assertKnownPermission(actor: Actor, ticket: TicketScope, ties: KnownTies, ability: keyof TicketAbilities): void {
  if (!decideKnown(actor, ticket, ties, (facts, viewer) => ticketPermissions(facts, viewer)[ability])) throw new AppError("ERR_NO_PERMISSION");
}

/** Who may write in a ticket (send, delete own messages): nobody in a closed one (0012). */
export function assertCanWriteTicket(db: Db, actor: Actor, ticket: TicketScope): Promise<void> {
  return assertTicketPermission(db, actor, ticket, "write");
}

/** Deleting tickets is for admins, checked before the ticket is looked up. */
export function assertCanDeleteTickets(actor: Actor): void {
  if (!can(actor.profile, "ticket-options:deleteTicket")) throw new AppError("ERR_NO_PERMISSION");
}

// ── Socket rooms (followsTicketLive) ────────────────────────────────────────────────────────

/**
 * The sockets that hear about a ticket (followsTicketLive): supervision (admins and supervisors,
 * decision 0099), owner and participants, the
 * queue's room while pending, and everyone signed in for a pending ticket with no queue (every
 * user sees those; docs/decisions/0012). The history readers of 0019 are left out. A ticket
 * waiting in a menu is nobody's work yet: supervision only (docs/decisions/0036). Of those sockets, the
 * ones that asked for the ticket hear it: its status's tab, its chat box (given the ticket's `id`)
 * or every notification (`conversation`, docs/decisions/0047).
 */
export function ticketAudience(
  ticket: Pick<TicketRow, "status" | "userId" | "queueId" | "uraId" | "botId"> & { id?: number },
  participantIds: readonly number[],
): EmitTarget {
  const pending = ticket.status === "pending" && !inAutomatedStage(ticket);
  return {
    supervision: true,
    everyone: pending && ticket.queueId === null,
    userIds: [...new Set([...(ticket.userId === null ? [] : [ticket.userId]), ...participantIds])],
    queueIds: pending && ticket.queueId !== null ? [ticket.queueId] : [],
    conversation: { statuses: [ticket.status], ...(ticket.id === undefined ? {} : { ticketId: ticket.id }) },
  };
}

/**
 * Merges audiences (a ticket that changed hands tells both the old and the new ones; a ticket that
 * changed status tells the tabs of both statuses).
 */
export function mergeAudiences(...targets: EmitTarget[]): EmitTarget {
  const conversations = targets.flatMap((t) => (t.conversation ? [t.conversation] : []));
  const ticketId = conversations.find((c) => c.ticketId !== undefined)?.ticketId;
  return {
    admins: targets.some((t) => t.admins),
    supervision: targets.some((t) => t.supervision),
    everyone: targets.some((t) => t.everyone),
    userIds: [...new Set(targets.flatMap((t) => t.userIds ?? []))],
    queueIds: [...new Set(targets.flatMap((t) => t.queueIds ?? []))],
    ...(conversations.length > 0
      ? { conversation: { statuses: [...new Set(conversations.flatMap((c) => c.statuses ?? []))], ...(ticketId === undefined ? {} : { ticketId }) } }
      : {}),
  };
}

// ── SQL ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The queues whose waiting tickets are the actor's work beside their own (the contracts'
 * adoptedQueueIds): for an admin, the queues nobody belongs to (docs/decisions/0069), read once
 * per request; for anyone else none, without a query.
 */
export async function adoptedQueuesOf(db: Db, actor: Actor): Promise<readonly number[]> {
  if (!can(actor.profile, "tickets:adoptUnstaffed")) return [];
  return adoptedQueueIds({ profile: actor.profile, unstaffedQueueIds: await unstaffedQueueIds(db) });
}

/**
 * Whether a tab of `status` (undefined: every status) holds waiting tickets by their queue: the
 * only part of one's own work that reads the user's queues and the adopted ones (adoptedQueuesOf).
 */
export function hasPendingBranch(status: TicketStatus | undefined): boolean {
  return status === undefined || status === "pending";
}

/**
 * The queues whose waiting tickets are the actor's work, as a statement: theirs, and the few ids
 * of adoptedQueuesOf as constants. A set, so the tickets' side stays an index lookup per queue
 * (tickets_queue_status_idx), never a test per row.
 */
function workQueues(actor: Actor, adopted: readonly number[]): SQL {
  const mine = sql`select queue_id from user_queues where user_id = ${actor.id}`;
  if (adopted.length === 0) return mine;
  return sql`${mine} union all values ${sql.join(
    adopted.map((id) => sql`(${id}::integer)`),
    sql`, `,
  )}`;
}

/**
 * isOwnWork in SQL (docs/decisions/0012, 0018), over `tickets t` unless `id` says otherwise. The
 * ids come from three indexed sets rather than one OR, which PostgreSQL could only answer with a
 * scan of every ticket: tickets they own (tickets_user_status_idx), tickets they take part in
 * (ticket_participants_user_idx), pending tickets of their queues (tickets_queue_status_idx; for
 * an admin also those nobody belongs to, `adopted`) and pending tickets with no queue (tickets_pending_no_queue_idx). Participations are not narrowed to `status`: the caller filters
 * the status of the row itself.
 */
export function ownWorkFilter(actor: Actor, status: TicketStatus | undefined, adopted: readonly number[], id: SQL = sql`t.id`): SQL {
  const ownStatus = status ? sql` and status = ${status}` : sql``;
  const branches = [
    sql`select id from tickets where user_id = ${actor.id}${ownStatus}`,
    sql`select ticket_id from ticket_participants where user_id = ${actor.id}`,
  ];
  if (hasPendingBranch(status)) {
    // Two branches, each by its own index: with one OR, PostgreSQL filtered every pending ticket.
    branches.push(
      sql`select id from tickets where status = 'pending' and ${notAutomated(sql``)}
        and queue_id in (${workQueues(actor, adopted)})`,
      sql`select id from tickets where status = 'pending' and ${notAutomated(sql``)} and queue_id is null`,
    );
  }
  return sql`${id} in (${sql.join(branches, sql` union all `)})`;
}

/**
 * The set of ownWorkFilter as separate conditions on `tickets t`, each one served by an index in
 * update order: tickets they own (one per status, tickets_user_status_idx), tickets they take part
 * in, pending tickets of their queues and `adopted` ones (tickets_queue_status_idx), pending tickets with no queue
 * (tickets_pending_no_queue_idx). A list reads each one's newest rows and merges them
 * (ticket-list.service.ts) instead of gathering and sorting the whole set: an attendant's closed
 * tab is thousands of tickets, its page 40.
 *
 * No ticket is in two branches: the small ones (owned, taken part in) leave out what an earlier
 * or a big one holds, tested on their own few rows. The branches then need no de-duplication
 * (UNION ALL), so a count streams and stops at its cap instead of gathering the whole tab.
 */
export function ownWorkBranches(actor: Actor, status: TicketStatus | undefined, adopted: readonly number[]): SQL[] {
  const pending = hasPendingBranch(status);
  const inQueues = sql`t.status = 'pending' and ${notAutomated()} and t.queue_id in (${workQueues(actor, adopted)})`;
  // Everyone's: tickets_pending_no_queue_idx, so the tab reads these, not every pending ticket.
  const noQueue = sql`t.status = 'pending' and ${notAutomated()} and t.queue_id is null`;
  // coalesce: `not` of a null (queue_id in …, queue_id being null) would drop the row.
  const notShared = pending ? sql` and not coalesce((${inQueues}) or (${noQueue}), false)` : sql``;
  const owned = (status ? [status] : ticketStatuses).map((s) => sql`t.user_id = ${actor.id} and t.status = ${s}${s === "pending" ? notShared : sql``}`);
  const partOf = sql`t.id in (select ticket_id from ticket_participants where user_id = ${actor.id}) and t.user_id is distinct from ${actor.id}${notShared}`;
  return pending ? [...owned, partOf, inQueues, noQueue] : [...owned, partOf];
}

/**
 * The set of ownWorkFilter tested on each row of `tickets t` (one OR, its ties by key): right
 * when few rows are tested — a rare search's matches — where the set form would first gather
 * the user's whole work (thousands of tickets) to keep three of them.
 */
export function ownWorkRowFilter(actor: Actor, status: TicketStatus | undefined, adopted: readonly number[]): SQL {
  const pending = hasPendingBranch(status);
  return sql`(t.user_id = ${actor.id}
    or exists (select 1 from ticket_participants p where p.ticket_id = t.id and p.user_id = ${actor.id})${
      pending
        ? sql`
    or (t.status = 'pending' and ${notAutomated()}
      and (t.queue_id is null or t.queue_id in (${workQueues(actor, adopted)})))`
        : sql``
    })`;
}

/** Whether a list shows every ticket (an admin's show-all): no visibility condition, no adopted queues read. */
export function listsEveryTicket(actor: Actor, showAll: boolean): boolean {
  return showAll && can(actor.profile, "tickets-manager:showall");
}

/** listVisibility as ownWorkRowFilter; undefined: every ticket. */
export function listVisibilityRows(actor: Actor, status: TicketStatus | undefined, showAll: boolean, adopted: readonly number[]): SQL | undefined {
  if (listsEveryTicket(actor, showAll)) return undefined;
  return ownWorkRowFilter(actor, status, adopted);
}

/** listVisibility as ownWorkBranches; undefined: every ticket. */
export function listVisibilityBranches(actor: Actor, status: TicketStatus | undefined, showAll: boolean, adopted: readonly number[]): SQL[] | undefined {
  if (listsEveryTicket(actor, showAll)) return undefined;
  return ownWorkBranches(actor, status, adopted);
}

/**
 * What GET /tickets lists: one's own work — lists show the user's work, not every ticket they
 * could open. An admin's show-all lists everything; for anyone else it is ignored, never refused
 * (the web sends the remembered preference whatever the profile). `adopted`: adoptedQueuesOf.
 * Undefined: no condition.
 */
export function listVisibility(actor: Actor, status: TicketStatus | undefined, showAll: boolean, adopted: readonly number[]): SQL | undefined {
  if (listsEveryTicket(actor, showAll)) return undefined;
  return ownWorkFilter(actor, status, adopted);
}

/** seesTicket in SQL (GET /tickets/history, docs/decisions/0019). Undefined: every ticket. */
export function seenFilter(actor: Actor, row: { id: SQL; status: SQL } = { id: sql`t.id`, status: sql`t.status` }): SQL | undefined {
  if (can(actor.profile, "tickets:seeAll")) return undefined;
  // Nobody but an admin adopts a queue (adoptedQueueIds).
  const own = ownWorkFilter(actor, undefined, [], row.id);
  return actor.canSeeAllTicketHistory ? sql`(${row.status} = 'closed' or ${own})` : own;
}

/**
 * The `write` permission in SQL, for open tickets (`tickets`, unaliased): admins (tickets:writeAll) every one;
 * others the ones they own or take part in. Owned ones follow tickets_user_status_idx,
 * participations ticket_participants_user_idx. Undefined: every open ticket.
 */
export function writableOpenFilter(actor: Actor): SQL | undefined {
  if (can(actor.profile, "tickets:writeAll")) return undefined;
  return sql`(${tickets.userId} = ${actor.id}
    or ${tickets.id} in (select p.ticket_id from ticket_participants p where p.user_id = ${actor.id}))`;
}
