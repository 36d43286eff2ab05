import { and, asc, eq, getTableColumns, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { OutboundMessage, SendResult } from "../../../channels/channel-driver.js";
import type { AppContext } from "../../../context.js";
import { AppError } from "../../../core/app-error.js";
import { databaseError } from "../../../core/db-errors.js";
import type { Db } from "../../../db/client.js";
import { fieldsOf } from "../../../db/cte.js";
import { connectionPace, connections, contacts, messages, tickets } from "../../../db/schema/index.js";
import type { MessageRow } from "../message.presenter.js";
import { announceMessageUpdate } from "./message-updates.js";
import { sendingConnection } from "./outgoing.repo.js";

/** Tells who may see a message that it changed. */
export type AnnounceUpdate = (row: MessageRow) => void | Promise<void>;

export interface DispatchOptions {
  /** The time to judge by (tests move it forward); default now. */
  now?: Date;
  /** How long a claimed message is left to its sender before another worker may take it. */
  leaseMs?: number;
  /** A message still waiting this long after it was written is given up (marked failed). */
  maxWaitMs?: number;
  batchSize?: number;
  /** Default: announceMessageUpdate, which reads the ticket; the outgoing writer has it already. */
  announce?: AnnounceUpdate;
  /** The sender took the connection's pace slot before writing (OutgoingOptions.paced): no other is taken. */
  paced?: boolean;
}

/** What one dispatch did. */
export interface Dispatched {
  /** The message as this call left it; null when it changed nothing (not due, or another instance's to send). */
  row: MessageRow | null;
  /** The channel's refusal (the message is then marked failed). */
  failure: AppError | null;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_MAX_WAIT_MS = 10 * 60_000;
const untouched: Dispatched = { row: null, failure: null };

/** What the claim's UPDATE returns: the message and what its driver needs, and the pace's answer. */
type Claimed = { granted: true; outbound: OutboundMessage } | { granted: false };

/**
 * Takes a due message for sending and reads what its driver needs, in one UPDATE: pushes its
 * dispatch time by the lease, so no other worker (a request, the sweep, another instance) sends
 * it meanwhile. Undefined when it is not due: done, failed, or in someone else's hands; of two
 * claimers only one matches. Given `pacedBy` (null: the sender took its slot before writing, or
 * nothing is sent), the same statement takes a "reply" slot of that connection's pace
 * (modules/pace): refused, the message's dispatch time moves to when a slot is due, where the
 * recovery sweep finds it.
 */
async function claim(ctx: AppContext, messageId: number, pacedBy: number | null, now: Date, leaseMs: number): Promise<Claimed | undefined> {
  const leased = new Date(now.getTime() + leaseMs);
  if (pacedBy !== null && !ctx.pace.slotStatement) {
    const slot = await ctx.pace.take(pacedBy, "reply", now);
    if (!slot.granted) {
      await ctx.db.update(messages).set({ dispatchAt: slot.retryAt }).where(and(eq(messages.id, messageId), lte(messages.dispatchAt, now)));
      return { granted: false };
    }
  }
  const statement = pacedBy === null ? undefined : ctx.pace.slotStatement?.(pacedBy, "reply", now, messageId);
  const slot = statement && ctx.db.$with("slot", getTableColumns(connectionPace)).as(statement);
  const decision = slot && fieldsOf(slot, getTableColumns(connectionPace));
  const query = (slot ? ctx.db.with(slot) : ctx.db)
    .update(messages)
    .set({ dispatchAt: decision ? sql`case when ${decision.granted} then ${leased.toISOString()}::timestamptz else ${decision.retryAt} end` : leased })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .$dynamic();
  const [row] = await (slot ? query.innerJoin(slot, sql`true`) : query)
    .where(and(eq(messages.id, messageId), eq(tickets.id, messages.ticketId), lte(messages.dispatchAt, now)))
    .returning({ ...claimedReturning, granted: decision ? decision.granted : sql<boolean>`true` });
  if (!row) return undefined;
  if (!row.granted) return { granted: false };
  return { granted: true, outbound: outboundOf(ctx, row) };
}

/** What a claim's UPDATE returns besides the message: where it goes and what it quotes. */
export const claimedReturning = {
  message: getTableColumns(messages),
  number: contacts.number,
  isGroup: tickets.isGroup,
  quotedExternalId: sql<string | null>`(select quoted.external_id from ${messages} as quoted where quoted.id = ${messages.quotedMsgId})`,
};

/** The driver's message from a claimed row. */
export function outboundOf(ctx: AppContext, row: { message: MessageRow; number: string; isGroup: boolean; quotedExternalId: string | null }): OutboundMessage {
  const { message } = row;
  return {
    messageId: message.id,
    to: { number: row.number, isGroup: row.isGroup },
    body: message.body,
    media:
      message.mediaName && message.mimeType
        ? { path: ctx.media.path(message.mediaName), mimeType: message.mimeType, fileName: message.fileName ?? message.mediaName }
        : undefined,
    quotedExternalId: row.quotedExternalId ?? undefined,
  };
}

const before = alias(messages, "before");

export function handOver(db: Db, messageId: number, change: Partial<SendResult>) {
  const sent = change.sent === true;
  const now = new Date().toISOString();
  return db
    .update(messages)
    .set({
      ...(change.externalId ? { externalId: change.externalId } : {}),
      dispatchAt: null,
      // Acks only move forward: a message already further keeps its state and time.
      ...(sent
        ? {
            ack: sql`greatest(${messages.ack}, 1)`,
            failed: sql`${messages.failed} and ${messages.ack} >= 1`,
            updatedAt: sql`case when ${messages.ack} < 1 then ${now}::timestamptz else ${messages.updatedAt} end`,
          }
        : {}),
    })
    .from(before)
    .where(and(eq(messages.id, messageId), eq(before.id, messages.id)))
    .returning({ row: getTableColumns(messages), previousAck: before.ack, wasDue: sql<boolean>`${before.dispatchAt} is not null` });
}

/**
 * The hand-over's UPDATE, and the channel's later delivery (`deliverLater`) published in the same
 * transaction: owed once, by the sender that cleared the dispatch marker, or not at all.
 */
function handOverOwing(ctx: AppContext, messageId: number, change: Partial<SendResult>) {
  const { deliverLater } = change;
  if (!deliverLater) return handOver(ctx.db, messageId, change);
  return ctx.events.transaction(async (tx, publish) => {
    const rows = await handOver(tx, messageId, change);
    if (rows[0]?.wasDue) publish(deliverLater);
    return rows;
  });
}

/**
 * The channel took the message: its id recorded, nothing more to dispatch, and when `sent`, ack 1
 * unless it is already further — one UPDATE (with what a channel that delivers later owes, in one
 * transaction). An id another message already holds is not taken
 * (the old one is kept). Returns the row and whether its ack moved (what the sender's screen needs
 * to hear); undefined if the message is gone.
 */
export async function recordHandOver(ctx: AppContext, messageId: number, change: Partial<SendResult>): Promise<{ row: MessageRow; ackMoved: boolean } | undefined> {
  let result;
  try {
    [result] = await handOverOwing(ctx, messageId, change);
  } catch (error) {
    if (databaseError(error)?.code !== "23505") throw error;
    ctx.log.warn({ messageId, externalId: change.externalId }, "the channel returned an external id another message holds; kept the old one");
    [result] = await handOverOwing(ctx, messageId, { ...change, externalId: undefined });
  }
  return result && { row: result.row, ackMoved: change.sent === true && result.previousAck < 1 };
}

/** The receiver took the message (the API channel's webhook listener): ack 1 and the id it answered, in one write; announced if the ack moved. */
export async function markDelivered(ctx: AppContext, messageId: number, externalId: string | undefined): Promise<void> {
  const done = await recordHandOver(ctx, messageId, { externalId, sent: true });
  if (done?.ackMoved) await announceMessageUpdate(ctx, done.row);
}

/**
 * The channel could not deliver it: shown as failed (with the channel's reason, when it gave one)
 * to who may see the ticket; nothing more to dispatch.
 */
export async function markFailed(
  ctx: AppContext,
  messageId: number,
  announce: AnnounceUpdate = (row) => announceMessageUpdate(ctx, row),
  reason: string | null = null,
): Promise<MessageRow | undefined> {
  const [row] = await ctx.db
    .update(messages)
    .set({ failed: true, failureReason: reason, dispatchAt: null, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), or(eq(messages.failed, false), isNotNull(messages.dispatchAt))))
    .returning();
  if (row) await announce(row);
  return row;
}

/**
 * Hands a stored outgoing message to its connection's driver. Every outgoing message is written
 * with `dispatch_at` set (in the same insert), so one the process never handed over — a crash
 * right after the commit, a connection that runs on another instance — is found again by
 * `redispatchDue`. Here: a connection owned by another instance is left to that instance's
 * sweep; otherwise the message is claimed (at most one sender) with a slot of the connection's
 * pace — held back, it stays pending until the slot's time, for the sweep (nothing changed) —, sent, and what the channel said
 * recorded in one write (acks arrive later through the driver). On failure it is marked failed
 * and the error returned: the driver's catalogued code, else ERR_SENDING_WAPP_MSG. A change is
 * announced once: the ack moving to sent, or the failure. Throws only if the announcement does.
 */
export async function dispatchMessage(ctx: AppContext, message: { id: number; connectionId: number | null }, options: DispatchOptions = {}): Promise<Dispatched> {
  const announce = options.announce ?? ((row: MessageRow) => announceMessageUpdate(ctx, row));
  let done: Awaited<ReturnType<typeof recordHandOver>>;
  try {
    // A deleted connection (docs/decisions/0039): the message fails like any undeliverable one.
    const connectionId = sendingConnection(message);
    if (ctx.channels.ownedElsewhere(connectionId)) return untouched;
    const claimed = await claim(ctx, message.id, options.paced ? null : connectionId, options.now ?? new Date(), options.leaseMs ?? DEFAULT_LEASE_MS);
    if (!claimed?.granted) return untouched;
    const result = await ctx.channels.driverFor(connectionId).send(claimed.outbound);
    done = await recordHandOver(ctx, message.id, result);
  } catch (error) {
    ctx.log.warn({ err: error, messageId: message.id }, "outgoing message not delivered");
    const failed = await markFailed(ctx, message.id, announce).catch((e: unknown) => {
      ctx.log.error({ err: e, messageId: message.id }, "could not mark the message failed");
      return undefined;
    });
    return { row: failed ?? null, failure: error instanceof AppError ? error : new AppError("ERR_SENDING_WAPP_MSG") };
  }
  if (done?.ackMoved) await announce(done.row);
  return { row: done?.row ?? null, failure: null };
}

/**
 * The recovery sweep of outgoing messages (jobs/recovery.ts: at start-up and every few seconds):
 * sends the due messages of connections this instance runs and that are CONNECTED, whatever
 * their age (one written just before a crash, one whose sender died holding the lease, one
 * written on another instance), and marks failed those that no instance could send for
 * `maxWaitMs` since they were written. Returns how many it handled.
 */
export async function redispatchDue(ctx: AppContext, options: DispatchOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const running = ctx.channels.runningIds();
  const stale = new Date(now.getTime() - (options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS));
  const sendable = running.length > 0 ? and(inArray(messages.connectionId, running), eq(connections.status, "CONNECTED")) : sql`false`;
  const due = await ctx.db
    .select({ id: messages.id, connectionId: messages.connectionId, sendable: sql<boolean>`coalesce(${sendable}, false)` })
    .from(messages)
    .innerJoin(connections, eq(connections.id, messages.connectionId))
    .where(and(lte(messages.dispatchAt, now), or(sendable, lt(messages.createdAt, stale))))
    .orderBy(asc(messages.dispatchAt))
    .limit(options.batchSize ?? 50);
  for (const row of due) {
    if (row.sendable) {
      await dispatchMessage(ctx, row, { ...options, now });
      continue;
    }
    if (!(await claim(ctx, row.id, null, now, options.leaseMs ?? DEFAULT_LEASE_MS))) continue;
    ctx.log.warn({ messageId: row.id }, "outgoing message waited too long for its channel; marked failed");
    await markFailed(ctx, row.id, options.announce);
  }
  return due.length;
}
