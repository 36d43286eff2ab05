import { limits, type listTicketsQuery, type TicketPage } from "@atendo/contracts";
import { count, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { containsPattern, pageOf, pageWindow } from "../../db/paging.js";
import { tickets } from "../../db/schema/index.js";
import type { Actor } from "../../core/actor.js";
import { presentTicketsById } from "./ticket.presenter.js";
import { dayFilter, queueFilter, searchFilter, searchProbe } from "./ticket-filters.js";
import { listVisibility } from "./ticket.policy.js";

/** The filters below are written against this alias. */
const t = alias(tickets, "t");
// Spelled like tickets_status_updated_idx (DESC NULLS LAST): a plain DESC means NULLS FIRST, and
// PostgreSQL would sort every row of the tab instead of reading the index in order.
const newestFirst = [sql`${t.updatedAt} desc nulls last`, sql`${t.id} desc nulls last`];

/** A search first tests this many of the tab's newest tickets one by one (docs/decisions/0018). */
const walkSize = 200;
/** Matches among them from which the text is "common": the walk goes on instead of the sets. */
const commonHits = 20;
/**
 * Below this many matching messages in the planner's estimate the text is rare: the trigram sets
 * answer at once, without the walk (whose probe reads every message of a long ticket that does
 * not match).
 */
const rareEstimate = 5000;
/** A common search counts by walking at most this many tickets before falling back to the sets. */
const countWalkSize = 5000;

export type ListTickets = z.output<typeof listTicketsQuery>;

/** Everything but the search: the tab, visibility and the narrowing filters. */
function conditions(actor: Actor, query: ListTickets, timeZone: string): SQL {
  const { status } = query;
  const parts: SQL[] = [];
  if (status) parts.push(sql`t.status = ${status}`);
  const visible = listVisibility(actor, status, query.showAll);
  if (visible) parts.push(visible);
  if (query.queueIds) parts.push(queueFilter(actor, query.queueIds));
  if (query.date) parts.push(dayFilter(query.date, timeZone));
  if (query.withUnreadMessages) parts.push(sql`t.unread_messages > 0`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

interface Found {
  /** The page's ids, with one more when another page exists. */
  ids: number[];
  count: number;
  countCapped: boolean;
}

type Window = ReturnType<typeof pageWindow>;

async function pageIds(ctx: AppContext, where: SQL, { limit, offset }: Window): Promise<number[]> {
  const rows = await ctx.db.select({ id: t.id }).from(t).where(where).orderBy(...newestFirst).limit(limit).offset(offset);
  return rows.map((row) => row.id);
}

async function exactCount(ctx: AppContext, where: SQL): Promise<number> {
  const rows = await ctx.db.select({ n: count() }).from(t).where(where);
  return rows[0]?.n ?? 0;
}

/** Matches, counted up to `cap + 1`; null when the walk of countWalkSize tickets ended first. */
async function walkCount(ctx: AppContext, base: SQL, probe: SQL, cap: number): Promise<number | null> {
  const walked = ctx.db.select({ id: t.id, contactId: t.contactId }).from(t).where(base).limit(countWalkSize).as("w");
  const [hits, tab] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(ctx.db.select({ one: sql`1`.as("one") }).from(walked).where(probe).limit(cap + 1).as("x")),
    ctx.db.select({ n: count() }).from(ctx.db.select({ one: sql`1`.as("one") }).from(t).where(base).limit(countWalkSize + 1).as("v")),
  ]);
  const n = hits[0]?.n ?? 0;
  return n > cap || (tab[0]?.n ?? 0) <= countWalkSize ? n : null;
}

async function searchBySets(ctx: AppContext, bySets: SQL, window: Window): Promise<Found> {
  const [ids, n] = await Promise.all([pageIds(ctx, bySets, window), exactCount(ctx, bySets)]);
  return { ids, count: n, countCapped: false };
}

/** The planner's estimate of the messages containing the text (planning only, nothing is read). */
async function estimatedMessageMatches(ctx: AppContext, text: string): Promise<number> {
  const result: unknown = await ctx.db.execute(sql`explain (format json) select 1 from messages m where m.body ilike ${containsPattern(text)}`);
  // postgres-js answers the rows, PGlite an object holding them.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { "QUERY PLAN": unknown }[];
  const raw = rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  return plan[0]?.Plan["Plan Rows"] ?? Number.POSITIVE_INFINITY;
}

/**
 * A search, by the cheaper of two ways (both exact for the page). A text the planner expects in
 * few messages goes to the trigram sets. Otherwise the tab's newest
 * `walkSize` tickets are tested one by one: a common text ("reembolso") fills the page there,
 * where the trigram sets would have to read every one of its tens of thousands of messages. A
 * rare text (few matches among them) goes to the sets, which the trigram indexes keep small.
 * A common text's count walks the tab up to `ticketSearchCountCap` matches and says it stopped.
 */
async function searchTickets(ctx: AppContext, base: SQL, text: string, window: Window): Promise<Found> {
  const bySets = sql`${base} and ${searchFilter(text)}`;
  if ((await estimatedMessageMatches(ctx, text)) < rareEstimate) return searchBySets(ctx, bySets, window);
  const walked = ctx.db.select({ id: t.id, contactId: t.contactId, updatedAt: t.updatedAt }).from(t).where(base).orderBy(...newestFirst).limit(walkSize).as("w");
  const rows = await ctx.db
    .select({ id: walked.id, hit: sql<boolean>`${searchProbe(text, sql`${walked.id}`, sql`${walked.contactId}`)}` })
    .from(walked)
    .orderBy(sql`${walked.updatedAt} desc nulls last`, sql`${walked.id} desc nulls last`);
  const hits = rows.filter((row) => row.hit).map((row) => row.id);
  const { limit, offset } = window;
  // The walk saw the whole tab: page and count are known.
  if (rows.length < walkSize) return { ids: hits.slice(offset, offset + limit), count: hits.length, countCapped: false };

  if (hits.length < commonHits) return searchBySets(ctx, bySets, window);
  const probe = searchProbe(text, sql`t.id`, sql`t.contact_id`);
  const cap = limits.ticketSearchCountCap;
  const [ids, walkedCount] = await Promise.all([
    hits.length >= offset + limit ? hits.slice(offset, offset + limit) : pageIds(ctx, sql`${base} and ${probe}`, window),
    walkCount(ctx, base, searchProbe(text, sql`w.id`, sql`w.contact_id`), cap),
  ]);
  if (walkedCount === null) return { ids, count: await exactCount(ctx, bySets), countCapped: false };
  return { ids, count: Math.min(walkedCount, cap), countCapped: walkedCount > cap };
}

/**
 * GET /tickets: one page of a tab, newest activity first, and the tab's total. The page and the
 * count are two statements run together (on PostgreSQL, two pool connections): the page can then
 * follow the (status, updated_at, id) index and stop after one page instead of ranking every
 * match, and only the page's tickets are joined and presented.
 */
export async function listTickets(ctx: AppContext, actor: Actor, query: ListTickets): Promise<TicketPage> {
  const base = conditions(actor, query, ctx.config.TIME_ZONE);
  const size = limits.ticketPageSize;
  const window = pageWindow(query.pageNumber, size);
  const found: Found =
    query.searchParam === ""
      ? await Promise.all([pageIds(ctx, base, window), exactCount(ctx, base)]).then(([ids, n]) => ({ ids, count: n, countCapped: false }))
      : await searchTickets(ctx, base, query.searchParam, window);
  const page = pageOf(found.ids, size);
  const presented = await presentTicketsById(ctx.db, page.items);
  return { tickets: page.items.flatMap((id) => presented.get(id) ?? []), hasMore: page.hasMore, count: found.count, countCapped: found.countCapped };
}
