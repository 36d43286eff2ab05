import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../context.js";
import { connections, contacts, messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { databaseError } from "../../core/db-errors.js";
import type { OutboundMessage } from "../channel-driver.js";
import { announceMessageUpdate } from "./message-updates.js";

const quoted = alias(messages, "quoted");

/** What the driver needs to send a stored message. */
async function outboundOf(ctx: AppContext, messageId: number) {
  const [row] = await ctx.db
    .select({ message: messages, number: contacts.number, isGroup: tickets.isGroup, quotedExternalId: quoted.externalId })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  const { message } = row;
  const outbound: OutboundMessage = {
    messageId,
    to: { number: row.number, isGroup: row.isGroup },
    body: message.body,
    media:
      message.mediaName && message.mimeType
        ? { path: ctx.media.path(message.mediaName), mimeType: message.mimeType, fileName: message.fileName ?? message.mediaName }
        : undefined,
    quotedExternalId: row.quotedExternalId ?? undefined,
  };
  return { connectionId: message.connectionId, outbound };
}

/** Records the channel's id of a sent message (kept if another message already holds it). */
export async function setExternalId(ctx: AppContext, messageId: number, externalId: string): Promise<void> {
  try {
    await ctx.db.update(messages).set({ externalId }).where(eq(messages.id, messageId));
  } catch (error) {
    if (databaseError(error)?.code !== "23505") throw error;
    ctx.log.warn({ messageId, externalId }, "the channel returned an external id another message holds; kept the old one");
  }
}

/** The channel accepted the message: ack 1 (sent) unless it is already further. */
export async function markSent(ctx: AppContext, messageId: number): Promise<void> {
  const [row] = await ctx.db
    .update(messages)
    .set({ ack: 1, failed: false, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), lt(messages.ack, 1)))
    .returning();
  if (row) await announceMessageUpdate(ctx, row);
}

/** The channel could not deliver it: shown as failed to who may see the ticket; nothing more to dispatch. */
export async function markFailed(ctx: AppContext, messageId: number): Promise<void> {
  const [row] = await ctx.db
    .update(messages)
    .set({ failed: true, dispatchAt: null, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), or(eq(messages.failed, false), isNotNull(messages.dispatchAt))))
    .returning();
  if (row) await announceMessageUpdate(ctx, row);
}

export interface DispatchOptions {
  /** The time to judge by (tests move it forward); default now. */
  now?: Date;
  /** How long a claimed message is left to its sender before another worker may take it. */
  leaseMs?: number;
  /** A message still waiting this long after it was written is given up (marked failed). */
  maxWaitMs?: number;
  batchSize?: number;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_MAX_WAIT_MS = 10 * 60_000;

/**
 * Takes a due message for sending: pushes its dispatch time by the lease, so no other worker (a
 * request, the sweep, another instance) sends it meanwhile. False when it is not due: done,
 * failed, or in someone else's hands. One UPDATE: of two claimers only one matches.
 */
async function claimDispatch(ctx: AppContext, messageId: number, now: Date, leaseMs: number): Promise<boolean> {
  const claimed = await ctx.db
    .update(messages)
    .set({ dispatchAt: new Date(now.getTime() + leaseMs) })
    .where(and(eq(messages.id, messageId), lte(messages.dispatchAt, now)))
    .returning({ id: messages.id });
  return claimed.length > 0;
}

/** The channel took the message: keep its id and stop dispatching it, in one write. */
async function finishDispatch(ctx: AppContext, messageId: number, externalId: string): Promise<void> {
  try {
    await ctx.db.update(messages).set({ externalId, dispatchAt: null }).where(eq(messages.id, messageId));
  } catch (error) {
    if (databaseError(error)?.code !== "23505") throw error;
    ctx.log.warn({ messageId, externalId }, "the channel returned an external id another message holds; kept the old one");
    await ctx.db.update(messages).set({ dispatchAt: null }).where(eq(messages.id, messageId));
  }
}

/**
 * Hands a stored outgoing message to its connection's driver. Every outgoing message is written
 * with `dispatch_at` set (in the same insert), so one the process never handed over — a crash
 * right after the commit, a connection that runs on another instance — is found again by
 * `redispatchDue`. Here: a connection owned by another instance is left to that instance's
 * sweep; otherwise the message is claimed (at most one sender), sent, and its channel id kept
 * (acks arrive later through the driver). On failure it is marked failed and the error
 * returned: the driver's catalogued code, else ERR_SENDING_WAPP_MSG. Never throws.
 */
export async function deliverOutbound(ctx: AppContext, messageId: number, options: DispatchOptions = {}): Promise<AppError | null> {
  try {
    const { connectionId, outbound } = await outboundOf(ctx, messageId);
    if (ctx.channels.ownedElsewhere(connectionId)) return null;
    if (!(await claimDispatch(ctx, messageId, options.now ?? new Date(), options.leaseMs ?? DEFAULT_LEASE_MS))) return null;
    const { externalId } = await ctx.channels.driverFor(connectionId).send(outbound);
    await finishDispatch(ctx, messageId, externalId);
    return null;
  } catch (error) {
    ctx.log.warn({ err: error, messageId }, "outgoing message not delivered");
    await markFailed(ctx, messageId).catch((e: unknown) => ctx.log.error({ err: e, messageId }, "could not mark the message failed"));
    return error instanceof AppError ? error : new AppError("ERR_SENDING_WAPP_MSG");
  }
}

/**
 * The recovery sweep of outgoing messages (at start-up and every few seconds): sends the due
 * messages of connections this instance runs and that are CONNECTED, whatever their age (one
 * written just before a crash, one whose sender died holding the lease, one written on another
 * instance), and marks failed those that no instance could send for `maxWaitMs` since they were
 * written. Returns how many it handled.
 */
export async function redispatchDue(ctx: AppContext, options: DispatchOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const running = ctx.channels.runningIds();
  const stale = new Date(now.getTime() - (options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS));
  const sendable = running.length > 0 ? and(inArray(messages.connectionId, running), eq(connections.status, "CONNECTED")) : sql`false`;
  const due = await ctx.db
    .select({ id: messages.id, sendable: sql<boolean>`coalesce(${sendable}, false)` })
    .from(messages)
    .innerJoin(connections, eq(connections.id, messages.connectionId))
    .where(and(lte(messages.dispatchAt, now), or(sendable, lt(messages.createdAt, stale))))
    .orderBy(asc(messages.dispatchAt))
    .limit(options.batchSize ?? 50);
  for (const row of due) {
    if (row.sendable) {
      await deliverOutbound(ctx, row.id, { ...options, now });
      continue;
    }
    if (!(await claimDispatch(ctx, row.id, now, options.leaseMs ?? DEFAULT_LEASE_MS))) continue;
    ctx.log.warn({ messageId: row.id }, "outgoing message waited too long for its channel; marked failed");
    await markFailed(ctx, row.id);
  }
  return due.length;
}
