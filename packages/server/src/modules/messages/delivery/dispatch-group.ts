import { and, eq, inArray, lte } from "drizzle-orm";
import type { SendResult } from "../../../channels/channel-driver.js";
import type { AppContext } from "../../../context.js";
import { contacts, messages, tickets } from "../../../db/schema/index.js";
import type { MessageRow } from "../message.presenter.js";
import { claimedReturning, dispatchMessage, handOver, markFailed, outboundOf, recordHandOver, type AnnounceUpdate } from "./dispatch.js";

const LEASE_MS = 5 * 60_000;

/** A stored message of a group, due for dispatch, and how its change is told. */
export interface GroupMessage {
  id: number;
  connectionId: number;
  announce: AnnounceUpdate;
}

/**
 * Hands several messages of one connection to its driver, whose pace slots the sender took
 * before writing them (a campaign's group, docs/decisions/0103): one claim for them all, each
 * sent, and what the channel said recorded for them all in one transaction (with what a channel
 * that delivers later owes, kept in one insert). The same states as `dispatchMessage`, which
 * takes over for anything out of the ordinary: a connection run by another instance, a send
 * that fails (marked failed there), a record the group's transaction could not make (an external
 * id another message holds).
 */
export async function dispatchGroup(ctx: AppContext, group: readonly GroupMessage[]): Promise<void> {
  const connectionId = group[0]?.connectionId;
  if (connectionId === undefined) return;
  if (group.length === 1 || ctx.channels.ownedElsewhere(connectionId) || group.some((message) => message.connectionId !== connectionId)) {
    await Promise.all(group.map((message) => dispatchMessage(ctx, message, { announce: message.announce, paced: true })));
    return;
  }
  const now = new Date();
  const claimed = await ctx.db
    .update(messages)
    .set({ dispatchAt: new Date(now.getTime() + LEASE_MS) })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(inArray(messages.id, group.map((message) => message.id)), eq(tickets.id, messages.ticketId), lte(messages.dispatchAt, now)))
    .returning(claimedReturning);
  const driver = ctx.channels.driverFor(connectionId);
  const announceOf = new Map(group.map((message) => [message.id, message.announce]));
  const sent = await Promise.all(
    claimed.map(async (row) => {
      const id = row.message.id;
      try {
        return { id, result: await driver.send(outboundOf(ctx, row)) };
      } catch (error) {
        // As dispatchMessage does: the channel refused it, it shows as failed.
        ctx.log.warn({ err: error, messageId: id }, "outgoing message not delivered");
        await markFailed(ctx, id, announceOf.get(id));
        return { id, result: null };
      }
    }),
  );
  const taken = sent.flatMap((entry) => (entry.result ? [{ id: entry.id, result: entry.result }] : []));
  const recorded = await recordAll(ctx, taken);
  await Promise.all(recorded.filter((done) => done.ackMoved).map((done) => announceOf.get(done.row.id)?.(done.row)));
}

/** recordHandOver for several messages, in one transaction; one by one when it cannot be (an external id already held). */
async function recordAll(ctx: AppContext, taken: readonly { id: number; result: SendResult }[]): Promise<{ row: MessageRow; ackMoved: boolean }[]> {
  if (taken.length === 0) return [];
  try {
    return await ctx.events.transaction(async (tx, publish) => {
      const done: { row: MessageRow; ackMoved: boolean }[] = [];
      for (const { id, result } of taken) {
        const [row] = await handOver(tx, id, result);
        if (!row) continue;
        if (row.wasDue && result.deliverLater) publish(result.deliverLater);
        done.push({ row: row.row, ackMoved: result.sent === true && row.previousAck < 1 });
      }
      return done;
    });
  } catch {
    const done = await Promise.all(taken.map(({ id, result }) => recordHandOver(ctx, id, result)));
    return done.filter((entry) => entry !== undefined);
  }
}
