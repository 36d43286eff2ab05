import type { Message, Ticket } from "@atendo/contracts";
import type { AppContext } from "../../../context.js";
import type { Db } from "../../../db/client.js";
import type { AppError } from "../../../core/app-error.js";
import { domainEvent } from "../../../events/domain-events.js";
import { visibilityOf } from "../../tickets/ticket-events.js";
import { messageContactOf, presentMessages, representMessage, type MessageRow } from "../message.presenter.js";
import { AppSlot } from "../../../core/app-slots.js";
import { GroupCommit, type Settled } from "../../../core/group-commit.js";
import { dispatchMessage, type AnnounceUpdate } from "./dispatch.js";
import { dispatchTogether, type DispatchItem } from "./dispatch-together.js";
import { writeOutgoing, type Draft, type OutgoingOptions, type OutgoingTicket } from "./outgoing.repo.js";

export type { Draft, OutgoingOptions, OutgoingTicket } from "./outgoing.repo.js";

export interface SentOutgoing {
  /** The ticket as it stands after the write. */
  ticket: Ticket;
  /** The messages as they stand after their hand-over (ack 1 when the channel took them at once, failed…). */
  messages: Message[];
  /** The last channel error; its message is marked failed, the others still went. */
  failure: AppError | null;
}

/**
 * The one writer of outgoing messages — attendants' replies and files, forwarded copies, the
 * farewell, and the queue's greeting (written inside the inbound transaction, see
 * dispatchOutgoing) — and what follows each: stored (due for dispatch in the same insert),
 * announced (`appMessage` create), then handed to the channel one after another. The ticket is
 * presented once, by the write; every update announced afterwards reuses it.
 */
export async function sendOutgoing(ctx: AppContext, ticket: OutgoingTicket, drafts: readonly Draft[], options: OutgoingOptions): Promise<SentOutgoing> {
  const written = await writeOutgoing(ctx.db, ticket, drafts, options, new Date());
  const created = await presentMessages(ctx.db, written.rows, messageContactOf(written.ticket));
  await ctx.events.publish(...created.map((message) => domainEvent("message.sent", { ticket: written.ticket, message })));
  return dispatchOutgoing(ctx, written.ticket, created, options);
}

/**
 * The same writer for a message that must be written at most once (the satisfaction survey): in
 * one transaction `claim` marks what it is for (returns false when it was claimed already, and
 * nothing is written) and the messages are stored, due for dispatch; then, after the commit, they
 * are announced and handed to the channel like any other. A crash after the commit leaves them to
 * the recovery sweep; one before it leaves nothing, so the caller's retry writes them once.
 * `recorded`, when given, sees the stored rows in the same transaction (a campaign keeps its
 * recipient's message id with the claim).
 */
export async function sendOutgoingOnce(
  ctx: AppContext,
  ticket: OutgoingTicket,
  drafts: readonly Draft[],
  options: OutgoingOptions,
  claim: (tx: Db) => Promise<boolean>,
  recorded?: (tx: Db, rows: readonly MessageRow[]) => Promise<void>,
): Promise<SentOutgoing | null> {
  const written = await ctx.db.transaction(async (tx) => {
    if (!(await claim(tx))) return null;
    const stored = await writeOutgoing(tx, ticket, drafts, options, new Date());
    await recorded?.(tx, stored.rows);
    return stored;
  });
  if (!written) return null;
  const created = await presentMessages(ctx.db, written.rows, messageContactOf(written.ticket));
  await ctx.events.publish(...created.map((message) => domainEvent("message.sent", { ticket: written.ticket, message })));
  return dispatchOutgoing(ctx, written.ticket, created, options);
}

/**
 * Hands stored and announced outgoing messages of one ticket to its channel, one after another
 * (each due for dispatch since its insert). A message the channel refuses is marked failed and
 * the others still go. Each change — sent, failed — is announced once to who may see the ticket,
 * presented from what the caller already holds. Each takes a slot of the connection's pace unless
 * the sender took it before writing (`paced`); one held back stays pending for the recovery sweep.
 */
export async function dispatchOutgoing(ctx: AppContext, ticket: Ticket, created: readonly Message[], options: Pick<OutgoingOptions, "paced"> = {}): Promise<SentOutgoing> {
  const messages: Message[] = [];
  let failure: AppError | null = null;
  const announcing = announcerOf(ctx, ticket);
  for (const message of created) {
    const dispatched = await dispatchMessage(ctx, { id: message.id, connectionId: ticket.whatsappId }, { announce: announcing(message), paced: options.paced });
    messages.push(dispatched.row ? representMessage(message, dispatched.row, announcing.contact) : message);
    failure = dispatched.failure ?? failure;
  }
  return { ticket, messages, failure };
}

/** How a dispatched message's change is announced: to who may see its ticket, presented from what the sender holds. */
function announcerOf(ctx: AppContext, ticket: Ticket) {
  const contact = messageContactOf(ticket);
  const visibility = visibilityOf(ticket);
  const announce =
    (message: Message): AnnounceUpdate =>
    (row) =>
      ctx.events.emit("message.updated", { ticket: visibility, message: representMessage(message, row, contact), edit: false });
  return Object.assign(announce, { contact });
}

/** One caller's messages for the dispatch group commit. */
interface Dispatch {
  ctx: AppContext;
  ticket: Ticket;
  created: readonly Message[];
}

/** One app's group commit of routing's texts to dispatch (docs/decisions/0102), in its context (app.ts); undefined: each caller dispatches its own. */
export const dispatchGroupSlot = new AppSlot<GroupCommit<Dispatch, SentOutgoing> | undefined>("outgoing dispatch group commit");

/**
 * The group commit that dispatches routing's texts (dispatchOutgoingTogether): lanes keyed by
 * connection, so a connection's messages leave in the order they were written.
 */
export function dispatchGroupCommit(): GroupCommit<Dispatch, SentOutgoing> {
  return new GroupCommit({ lanes: 2, maxBatch: 100, flush: dispatchBatch });
}

async function dispatchBatch(batch: Dispatch[]): Promise<Settled<SentOutgoing>[]> {
  const { ctx } = batch[0]!;
  const announcers = batch.map(({ ticket }) => announcerOf(ctx, ticket));
  const items = batch.flatMap(({ ticket, created }, i): DispatchItem[] =>
    created.map((message) => ({ id: message.id, connectionId: ticket.whatsappId, announce: announcers[i]!(message) })),
  );
  const outcome = await dispatchTogether(ctx, items);
  return batch.map(({ ticket, created }, i) => {
    let failure: AppError | null = null;
    const messages = created.map((message) => {
      const dispatched = outcome.get(message.id);
      failure = dispatched?.failure ?? failure;
      return dispatched?.row ? representMessage(message, dispatched.row, announcers[i]!.contact) : message;
    });
    return { ok: true as const, value: { ticket, messages, failure } };
  });
}

/**
 * dispatchOutgoing for routing's texts written by the inbound pipeline (the greeting, a menu, a
 * menu step's next text): what many customers' messages wrote at once leaves together, one pace
 * decision, one claim and one hand-over per connection and batch (dispatchTogether), instead of
 * three statements per text. Each message ends as dispatchOutgoing would leave it. Without the
 * app's group commit (PGlite), each caller dispatches its own.
 */
export function dispatchOutgoingTogether(ctx: AppContext, ticket: Ticket, created: readonly Message[]): Promise<SentOutgoing> {
  const group = ctx.slots.get(dispatchGroupSlot);
  if (!group || created.length === 0) return dispatchOutgoing(ctx, ticket, created);
  return group.submit(String(ticket.whatsappId), { ctx, ticket, created });
}
