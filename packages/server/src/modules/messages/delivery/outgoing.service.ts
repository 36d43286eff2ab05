import type { Message, Ticket } from "@atendo/contracts";
import type { AppContext } from "../../../context.js";
import type { Db } from "../../../db/client.js";
import type { AppError } from "../../../core/app-error.js";
import { domainEvent } from "../../../events/domain-events.js";
import { visibilityOf } from "../../tickets/ticket-events.js";
import { messageContactOf, presentMessages, representMessage, type MessageRow } from "../message.presenter.js";
import { dispatchMessage } from "./dispatch.js";
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
  const contact = messageContactOf(ticket);
  const visibility = visibilityOf(ticket);
  const messages: Message[] = [];
  let failure: AppError | null = null;
  for (const message of created) {
    const announce = (row: Parameters<typeof representMessage>[1]) =>
      ctx.events.emit("message.updated", { ticket: visibility, message: representMessage(message, row, contact), edit: false });
    const dispatched = await dispatchMessage(ctx, { id: message.id, connectionId: ticket.whatsappId }, { announce, paced: options.paced });
    messages.push(dispatched.row ? representMessage(message, dispatched.row, contact) : message);
    failure = dispatched.failure ?? failure;
  }
  return { ticket, messages, failure };
}
