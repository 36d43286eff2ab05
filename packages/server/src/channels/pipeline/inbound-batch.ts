import { and, eq, inArray, or } from "drizzle-orm";
import pg from "pg";
import { AppSlot } from "../../core/app-slots.js";
import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import { appendBatch } from "./append-batch.js";
import { contactName } from "../../modules/contacts/contact-upsert.js";
import { createBatch } from "./create-batch.js";
import { GroupCommit, type Settled } from "../../core/group-commit.js";
import { stepMenusTogether } from "./menu-step.js";
import { batchedOf, Redelivered, routeOf, storeInTransaction, type Inbound, type RouteMemo, type Stored } from "./inbound-store.js";

/**
 * Lanes flushing at once. Two: while one lane waits for its commit's WAL flush the other runs,
 * and a contact's messages (one key) stay on one lane, in order.
 */
const LANES = 2;
/** Items per flush at most: bounds the window, the statement and the transaction. */
const MAX_BATCH = 100;

/** One app's group commit of inbound messages: kept in its context (two apps in one process, tests, batch apart). */
export type InboundGroupCommit = GroupCommit<Inbound, Stored>;

/** Where an app keeps its group commit (AppContext.slots, set by app.ts). */
export const inboundGroupCommitSlot = new AppSlot<InboundGroupCommit | undefined>("inbound group commit");

/**
 * The group commit for an app whose database is a PostgreSQL server (a pool of connections);
 * undefined on PGlite, one connection, where messages are stored one at a time. `onFlush` hears
 * each batch's size (the metrics).
 */
export function inboundGroupCommit(db: Db, onFlush?: (size: number) => void): InboundGroupCommit | undefined {
  if (!((db as { $client?: unknown }).$client instanceof pg.Pool)) return undefined;
  return new GroupCommit({ lanes: LANES, maxBatch: MAX_BATCH, flush: storeBatch, onFlush });
}

/**
 * Stores an inbound message: its contact's active ticket gets it, or else the slow path
 * creates (or reopens) one. On a PostgreSQL server concurrent messages are group-committed
 * (docs/decisions/0051): they share one statement (active tickets) and one transaction (new
 * tickets), and each caller hears back only after that commit. PGlite (one connection, the
 * fallback) stores one at a time — as a batch of one, through the same functions: there is one
 * way to store an inbound message (storeBatch), whatever the batch's size. Throws Redelivered
 * for a message already stored.
 */
export function storeInbound(inbound: Inbound): Promise<Stored> {
  const group = inbound.ctx.slots.get(inboundGroupCommitSlot);
  if (!group) return storeAlone(inbound);
  return group.submit(`${inbound.connection.id}:${inbound.number}`, inbound);
}

/** One message, as a batch of one: the path without group commit, and a failed batch's retry. */
async function storeAlone(inbound: Inbound): Promise<Stored> {
  const [settled] = await storeBatch([inbound]);
  if (!settled!.ok) throw settled!.error;
  return settled!.value;
}

function settle(work: Promise<Stored>): Promise<Settled<Stored>> {
  return work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/**
 * Each item again on its own, one after another (in order: a contact's messages keep theirs);
 * a batch of one has nobody else's failure to step away from: its error is its own.
 */
async function eachAlone(items: readonly Inbound[], error: unknown): Promise<Settled<Stored>[]> {
  if (items.length === 1) return [{ ok: false, error }];
  const settled: Settled<Stored>[] = [];
  for (const item of items) settled.push(await settle(storeAlone(item)));
  return settled;
}

/**
 * A batch (of one or many): first one statement for every message whose contact has an active
 * ticket (and one transaction for those of them that answer a menu: menu-step.ts), then the slow path for the rest (storeSlowTogether: new contacts in one statement,
 * then one transaction for known contacts without an active ticket, reopens, new profile
 * pictures). Whatever fails makes its whole statement or transaction roll back, and those items
 * are stored again one by one: one bad message never loses the others, and nothing is
 * acknowledged that was not committed.
 */
async function storeBatch(items: Inbound[]): Promise<Settled<Stored>[]> {
  const { ctx } = items[0]!;
  let appended;
  try {
    appended = await appendBatch(ctx.db, items.map(batchedOf));
  } catch (error) {
    if (items.length > 1) ctx.log.warn({ err: error, size: items.length }, "group commit: the batch statement failed, storing its messages one by one");
    return eachAlone(items, error);
  }
  const settled: Settled<Stored>[] = items.map((_, i) => {
    const stored = appended[i];
    if (!stored) return { ok: false, error: undefined };
    const active = { ticket: stored.ticketRow, created: false, plan: null, reopened: null };
    return { ok: true, value: { active, created: [stored.message], automatic: [], ticket: stored.ticket } };
  });
  await stepMenusTogether(items, settled);
  const slow = items.flatMap((_, i) => (appended[i] ? [] : [i]));
  if (slow.length === 0) return settled;
  const slowSettled = await storeSlowTogether(slow.map((i) => items[i]!));
  slow.forEach((index, j) => (settled[index] = slowSettled[j]!));
  return settled;
}

/** The (connection, external id) pairs of these messages that are stored already. */
async function alreadyStored(db: Db, items: readonly Inbound[]): Promise<Set<string>> {
  const byConnection = new Map<number, string[]>();
  for (const item of items) byConnection.set(item.connection.id, [...(byConnection.get(item.connection.id) ?? []), item.input.externalId]);
  const rows = await db
    .select({ connectionId: messages.connectionId, externalId: messages.externalId })
    .from(messages)
    .where(or(...[...byConnection].map(([connectionId, list]) => and(eq(messages.connectionId, connectionId), inArray(messages.externalId, list)))));
  return new Set(rows.map((row) => keyOf(row.connectionId ?? 0, row.externalId ?? "")));
}

const keyOf = (connectionId: number, externalId: string) => `${connectionId}:${externalId}`;

/**
 * The slow path of a batch. First, one statement stores the first message of every number
 * nobody has yet, with its new contact and ticket (create-batch.ts). What is left — known
 * contacts without an active ticket, a new customer's later messages, a new profile picture —
 * runs in one transaction after it, in order, so a contact's messages keep theirs.
 */
async function storeSlowTogether(items: Inbound[]): Promise<Settled<Stored>[]> {
  const routes: RouteMemo = new Map();
  const settled = await createNewTogether(items, routes);
  const rest = items.flatMap((_, i) => (settled[i] ? [] : [i]));
  if (rest.length === 0) return settled as Settled<Stored>[];
  const restSettled = await storeKnownTogether(rest.map((i) => items[i]!), routes);
  rest.forEach((index, j) => (settled[index] = restSettled[j]!));
  return settled as Settled<Stored>[];
}

/**
 * Each number's first message, created in one statement where the number is new. Undefined
 * for the others, and for all if the statement failed (it then stored nothing).
 */
async function createNewTogether(items: readonly Inbound[], routes: RouteMemo): Promise<(Settled<Stored> | undefined)[]> {
  const { ctx } = items[0]!;
  const seen = new Set<string>();
  const firsts = items.filter((item) => {
    if (seen.has(item.number)) return false;
    seen.add(item.number);
    return true;
  });
  try {
    const plans = await Promise.all(firsts.map((inbound) => routeOf(ctx.db, inbound, routes)));
    const created = await createBatch(
      ctx.db,
      firsts.map((inbound, i) => {
        const { input } = inbound;
        const { isGroup } = input.chat;
        return {
          ...batchedOf(inbound),
          name: contactName({ number: inbound.number, name: input.chat.name, isGroup }),
          isGroup,
          placement: plans[i]!.placement,
          texts: plans[i]!.texts,
        };
      }),
    );
    const byItem = new Map<Inbound, Settled<Stored>>();
    firsts.forEach((inbound, i) => {
      const made = created[i];
      if (!made) return;
      const active = { ticket: made.ticketRow, created: true, plan: plans[i]!, reopened: null };
      const value = { active, created: [made.message, ...made.automatic], automatic: made.automatic, ticket: made.ticket, newContact: made.contact };
      byItem.set(inbound, { ok: true, value });
    });
    return items.map((item) => byItem.get(item));
  } catch (error) {
    ctx.log.warn({ err: error, size: firsts.length }, "group commit: the new-contact statement failed, storing its messages the careful way");
    return items.map(() => undefined);
  }
}

/**
 * Messages of known contacts in one transaction (one commit). Redeliveries are set aside
 * first (stored before, or a copy of an earlier message of this batch), so that the rest runs
 * without a savepoint each: a redelivery met anyway (another instance stored it meanwhile)
 * undoes the whole batch, which is then stored one by one, where each redelivery rolls back
 * only its own work.
 */
async function storeKnownTogether(items: Inbound[], routes: RouteMemo): Promise<Settled<Stored>[]> {
  const { ctx } = items[0]!;
  // One message: its transaction rolls back on a redelivery (Redelivered), no lookup first.
  if (items.length === 1) return [await settle(ctx.db.transaction((tx) => storeInTransaction(tx, items[0]!, routes)))];
  try {
    const stored = await alreadyStored(ctx.db, items);
    const redelivered = items.map((item) => {
      const key = keyOf(item.connection.id, item.input.externalId);
      if (stored.has(key)) return true;
      stored.add(key);
      return false;
    });
    return await ctx.db.transaction(async (tx) => {
      const settled: Settled<Stored>[] = [];
      for (const [i, item] of items.entries()) {
        // Its outcome is read after the commit (ingest.ts): the stored copy, as a duplicate.
        if (redelivered[i]) settled.push({ ok: false, error: new Redelivered() });
        else settled.push({ ok: true, value: await storeInTransaction(tx, item, routes) });
      }
      return settled;
    });
  } catch (error) {
    ctx.log.warn({ err: error, size: items.length }, "group commit: the new-ticket transaction failed, storing its messages one by one");
    return eachAlone(items, error);
  }
}
