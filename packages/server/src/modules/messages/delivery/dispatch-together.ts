import { and, eq, getTableColumns, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { OutboundMessage, SendResult } from "../../../channels/channel-driver.js";
import type { AppContext } from "../../../context.js";
import { AppError } from "../../../core/app-error.js";
import { databaseError } from "../../../core/db-errors.js";
import type { Db } from "../../../db/client.js";
import type { DomainEvent } from "../../../events/domain-events.js";
import type { Publish } from "../../../events/event-bus.js";
import { contacts, messages, tickets } from "../../../db/schema/index.js";
import type { MessageRow } from "../message.presenter.js";
import { claimedReturning, DEFAULT_LEASE_MS, dispatchMessage, markFailed, outboundOf, recordHandOver, type AnnounceUpdate, type Dispatched } from "./dispatch.js";

/** One message of a batch to dispatch, and how its change is announced (what dispatchMessage takes). */
export interface DispatchItem {
  id: number;
  connectionId: number | null;
  announce: AnnounceUpdate;
}

/** How long a message the pace held back waits before the recovery sweep asks for its slot again. */
const HELD_BACK_MS = 1000;

const before = alias(messages, "before");

/**
 * The hand-over of many messages in one UPDATE (what recordHandOver writes for one): each one's
 * external id, no more dispatch, ack 1 when `sent`; and the channel's later deliveries published
 * in the same transaction, owed by the rows whose dispatch marker this cleared.
 */
async function handOverTogether(ctx: AppContext, results: readonly { id: number; result: SendResult }[]) {
  const now = new Date().toISOString();
  const given = sql`unnest(${sql.param(results.map(({ id }) => id))}::integer[], ${sql.param(results.map(({ result }) => result.externalId))}::text[],
    ${sql.param(results.map(({ result }) => result.sent === true))}::boolean[]) as v(id, external_id, sent)`;
  const v = (column: string) => sql.raw(`v.${column}`);
  const write = async (tx: Db, publish: Publish) => {
    const rows = await tx
      .update(messages)
      .set({
        externalId: sql`coalesce(${v("external_id")}, ${messages.externalId})`,
        dispatchAt: null,
        // Acks only move forward: a message already further keeps its state and time.
        ack: sql`case when ${v("sent")} then greatest(${messages.ack}, 1) else ${messages.ack} end`,
        failed: sql`case when ${v("sent")} then ${messages.failed} and ${messages.ack} >= 1 else ${messages.failed} end`,
        updatedAt: sql`case when ${v("sent")} and ${messages.ack} < 1 then ${now}::timestamptz else ${messages.updatedAt} end`,
      })
      .from(before)
      .innerJoin(given, sql`v.id = ${before.id}`)
      .where(and(eq(before.id, messages.id), sql`${messages.id} = v.id`))
      .returning({ row: getTableColumns(messages), previousAck: before.ack, wasDue: sql<boolean>`${before.dispatchAt} is not null` });
    const owed = new Map(results.flatMap(({ id, result }): [number, DomainEvent][] => (result.deliverLater ? [[id, result.deliverLater]] : [])));
    for (const { row, wasDue } of rows) if (wasDue && owed.has(row.id)) publish(owed.get(row.id)!);
    return new Map(rows.map(({ row, previousAck }) => [row.id, { row, ackMoved: results.find((r) => r.id === row.id)!.result.sent === true && previousAck < 1 }]));
  };
  // A transaction only when a later delivery is owed (as recordHandOver): else the one statement is its own commit.
  if (!results.some(({ result }) => result.deliverLater)) return write(ctx.db, () => undefined);
  return ctx.events.transaction(write);
}

/**
 * Slots taken (unless `paced`: the sender took them before writing) and the granted messages
 * claimed (the rest left for the sweep): what the driver needs of each claimed one, by id.
 */
async function claimTogether(ctx: AppContext, connectionId: number, items: readonly DispatchItem[], now: Date, paced: boolean): Promise<Map<number, OutboundMessage>> {
  const granted = paced ? items.length : await ctx.pace.takeSlots!(connectionId, "reply", items.length, now);
  const held = items.slice(granted).map((item) => item.id);
  if (held.length > 0) {
    await ctx.db
      .update(messages)
      .set({ dispatchAt: new Date(now.getTime() + HELD_BACK_MS) })
      .where(and(inArray(messages.id, held), lte(messages.dispatchAt, now)));
  }
  const ids = items.slice(0, granted).map((item) => item.id);
  if (ids.length === 0) return new Map();
  const claimed = await ctx.db
    .update(messages)
    .set({ dispatchAt: new Date(now.getTime() + DEFAULT_LEASE_MS) })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(inArray(messages.id, ids), eq(tickets.id, messages.ticketId), lte(messages.dispatchAt, now)))
    .returning(claimedReturning);
  return new Map(claimed.map((row): [number, OutboundMessage] => [row.message.id, outboundOf(ctx, row)]));
}

/**
 * One connection's messages of a batch: the pace's slots taken in one decision, the granted ones
 * claimed by one UPDATE, handed to the driver one after another, and what the channel said
 * recorded by one UPDATE. Held back by the pace: left due a moment later, for the recovery
 * sweep (as dispatchMessage leaves one). Undefined when the slots or the claim failed (nothing
 * was claimed: the caller dispatches each alone).
 */
async function dispatchConnection(ctx: AppContext, connectionId: number, items: readonly DispatchItem[], paced: boolean): Promise<Map<number, Dispatched> | undefined> {
  let outbound: Map<number, OutboundMessage>;
  try {
    outbound = await claimTogether(ctx, connectionId, items, new Date(), paced);
  } catch (error) {
    ctx.log.warn({ err: error, size: items.length }, "dispatch: the batch's claim failed, dispatching its messages one by one");
    return undefined;
  }
  const outcome = new Map<number, Dispatched>();
  const sent: { item: DispatchItem; result: SendResult }[] = [];
  for (const item of items) {
    const message = outbound.get(item.id);
    if (!message) continue;
    try {
      sent.push({ item, result: await ctx.channels.driverFor(connectionId).send(message) });
    } catch (error) {
      outcome.set(item.id, await failed(ctx, item, error));
    }
  }
  let recorded: Map<number, { row: MessageRow; ackMoved: boolean }>;
  try {
    recorded = await recordTogether(ctx, sent);
  } catch (error) {
    // As dispatchMessage: a hand-over that could not be recorded leaves the message failed.
    for (const { item } of sent) outcome.set(item.id, await failed(ctx, item, error));
    return outcome;
  }
  for (const { item } of sent) {
    const done = recorded.get(item.id);
    if (done?.ackMoved) await item.announce(done.row);
    outcome.set(item.id, { row: done?.row ?? null, failure: null });
  }
  return outcome;
}

/** The hand-overs in one statement; an external id another message holds already is recorded one by one (recordHandOver keeps the old). */
async function recordTogether(ctx: AppContext, sent: readonly { item: DispatchItem; result: SendResult }[]) {
  if (sent.length === 0) return new Map<number, { row: MessageRow; ackMoved: boolean }>();
  try {
    return await handOverTogether(
      ctx,
      sent.map(({ item, result }) => ({ id: item.id, result })),
    );
  } catch (error) {
    if (databaseError(error)?.code !== "23505") throw error;
    const recorded = new Map<number, { row: MessageRow; ackMoved: boolean }>();
    for (const { item, result } of sent) {
      const done = await recordHandOver(ctx, item.id, result);
      if (done) recorded.set(item.id, done);
    }
    return recorded;
  }
}

/** A message the channel refused: marked failed and announced, as dispatchMessage does. */
async function failed(ctx: AppContext, item: DispatchItem, error: unknown): Promise<Dispatched> {
  ctx.log.warn({ err: error, messageId: item.id }, "outgoing message not delivered");
  const row = await markFailed(ctx, item.id, item.announce).catch((e: unknown) => {
    ctx.log.error({ err: e, messageId: item.id }, "could not mark the message failed");
    return undefined;
  });
  return { row: row ?? null, failure: error instanceof AppError ? error : new AppError("ERR_SENDING_WAPP_MSG") };
}

/**
 * Dispatches stored outgoing messages of many tickets together (routing's texts of a group
 * commit's batch, docs/decisions/0102): per connection, one pace decision, one claim, the
 * driver's sends in order, one hand-over — instead of those three statements per message. What
 * each message ends as is what dispatchMessage would have left: sent, failed (announced), held
 * back for the sweep, or untouched (not due, another sender's). Where the batch cannot be taken
 * together — a deleted connection, one another instance runs, a pace without `takeSlots`, a
 * statement that failed before any send — each goes alone through dispatchMessage. `paced`: the
 * sender took the messages' pace slots before writing them (a campaign's group, decision 0103).
 */
export async function dispatchTogether(ctx: AppContext, items: readonly DispatchItem[], { paced = false } = {}): Promise<Map<number, Dispatched>> {
  const byConnection = new Map<number | null, DispatchItem[]>();
  for (const item of items) byConnection.set(item.connectionId, [...(byConnection.get(item.connectionId) ?? []), item]);
  const outcome = new Map<number, Dispatched>();
  for (const [connectionId, list] of byConnection) {
    // One message: dispatchMessage folds its slot into its claim, as few statements as a batch's.
    const together = list.length > 1 && connectionId !== null && (paced || ctx.pace.takeSlots !== undefined) && !ctx.channels.ownedElsewhere(connectionId);
    const dispatched = together ? await dispatchConnection(ctx, connectionId, list, paced) : undefined;
    if (dispatched) {
      for (const [id, one] of dispatched) outcome.set(id, one);
      continue;
    }
    for (const item of list) outcome.set(item.id, await dispatchMessage(ctx, item, { announce: item.announce, paced }));
  }
  return outcome;
}
