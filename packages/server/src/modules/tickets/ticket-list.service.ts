import { limits, ticketStatuses, type listTicketsQuery, type TicketPage, type TicketStatus } from "@atendo/contracts";
import { count, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { containsPattern, pageOf, pageWindow } from "../../db/paging.js";
import type { Actor } from "../../core/actor.js";
import { ticketsTaggedRows, ticketTagFilter, ticketUntaggedFilter } from "../tags/tag-links.repo.js";
import { presentTicketsById } from "./ticket.presenter.js";
import { slaNextDue } from "../../db/schema/tickets.js";
import { contactRichProbe, contactSearchFilter, dayFilter, queueFilter, searchFilter, searchProbe } from "./ticket-filters.js";
import { adoptedQueuesOf, hasPendingBranch, listsEveryTicket, listVisibility, listVisibilityBranches, listVisibilityRows } from "./ticket.policy.js";

// The conditions below are written against `tickets t` (ticket-filters.ts, ticket.policy.ts).

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
/**
 * Below this many candidate tickets in the planner's estimate (matching messages, plus matching
 * contacts times ticketsPerContact), the sets test each match for visibility instead of
 * gathering the user's whole work (docs/decisions/0052).
 */
const rowWiseCandidates = 2000;
/** A contact's tickets over the years, for the estimate above. */
const ticketsPerContact = 3;
/** A common search counts by walking at most this many tickets before falling back to the sets. */
const countWalkSize = 5000;
/** The same for a text of many contacts, whose probe is a key lookup (contactRichProbe). */
const contactWalkSize = 20_000;

export type ListTickets = z.output<typeof listTicketsQuery>;

/**
 * A tab: the filters of the request (status, queues, day, unread) on `t`, and who sees what, as
 * the branches a page merges (`branches`, undefined when one index already orders the tab), as
 * one set and as a test of each row (`visible`, `visibleRows`: undefined when every ticket is
 * visible, an admin's showAll).
 */
interface Tab {
  filters: SQL;
  /** Visibility as one set (listVisibility): for many candidate rows. */
  visible: SQL | undefined;
  /** Visibility tested row by row (listVisibilityRows): for a few candidate rows. */
  visibleRows: SQL | undefined;
  /** No ticket is in two of them: joined by UNION ALL, which streams (a count stops at its cap). */
  branches: SQL[] | undefined;
  /** The branches are a user's (ownWorkBranches), each narrower than its index (tabRows' fence). */
  ownWork?: boolean;
  /** A search's test of each row (searchProbe), after the tab's own conditions (tabRows). */
  probe?: SQL;
  /** Where its count stops (limits.ticketListCountCap unless told). */
  countCap?: number;
  /**
   * A label filter (`tagIds`), how the tab reads without it (`untaggedFilters`, for a count from
   * the labels), and which way it is read (taggedTab).
   */
  tagged?: { tagIds: readonly number[]; untaggedFilters: SQL; read: "gathered" | "fromLabels" | "walked" };
  /** Its page's order: newest activity, or the next SLA due time (a waiting or open tab, unsearched). */
  order?: "activity" | "slaDue";
}

/**
 * How a label-filtered tab is read (taggedTab). A user's active tab: gathered, the page's walk in
 * order costing there what the count's does (the queues' waiting tickets are read through every
 * pending ticket in update order); their closed tab's page follows their own index and stops
 * early, so it runs beside the count. An admin's closed tab (or every status) that nothing else
 * narrows is nearly every ticket: counted from the labels.
 */
function taggedRead(query: ListTickets, ownWork: boolean): NonNullable<Tab["tagged"]>["read"] {
  const active = query.status === "pending" || query.status === "open";
  if (ownWork) return active ? "gathered" : "walked";
  return !active && !query.queueIds && !query.date && !query.withUnreadMessages && !query.withoutTags ? "fromLabels" : "walked";
}

/** `adopted`: the queues whose waiting tickets are the actor's work beside theirs (adoptedQueuesOf). */
function tabOf(actor: Actor, query: ListTickets, timeZone: string, adopted: readonly number[]): Tab {
  const { status } = query;
  const own = listVisibilityBranches(actor, status, query.showAll, adopted);
  const parts: SQL[] = [];
  if (status) parts.push(sql`t.status = ${status}`);
  // A deleted contact's tickets are report history, on no ticket screen (docs/decisions/0062).
  // They are all closed (tickets_active_contact_check): the active tabs need no test.
  if (status !== "pending" && status !== "open") parts.push(sql`t.contact_id is not null`);
  if (query.queueIds) parts.push(queueFilter(actor, query.queueIds));
  if (query.date) parts.push(dayFilter(query.date, timeZone));
  if (query.withUnreadMessages) parts.push(sql`t.unread_messages > 0`);
  if (query.withoutTags) parts.push(ticketUntaggedFilter());
  const joined = (all: SQL[]) => (all.length === 0 ? sql`true` : sql.join(all, sql` and `));
  const tagged = query.tagIds ? { tagIds: query.tagIds, untaggedFilters: joined(parts), read: taggedRead(query, own !== undefined) } : undefined;
  return {
    filters: joined(query.tagIds ? [...parts, ticketTagFilter(query.tagIds)] : parts),
    visible: listVisibility(actor, status, query.showAll, adopted),
    visibleRows: listVisibilityRows(actor, status, query.showAll, adopted),
    branches: own ?? everyStatus(status),
    ownWork: own !== undefined,
    // Each ticket counted is probed for its tags: a common tag's closed tab would probe thousands.
    countCap: query.tagIds ? limits.ticketTagCountCap : undefined,
    tagged,
    order: query.sort === "slaDue" && (status === "pending" || status === "open") && query.searchParam === "" ? "slaDue" : "activity",
  };
}

/**
 * Every ticket, as one branch per status when no status is asked for (an admin's search view):
 * no index orders all tickets by activity, tickets_status_updated_idx orders each status.
 */
function everyStatus(status: TicketStatus | undefined): SQL[] | undefined {
  return status ? undefined : ticketStatuses.map((s) => sql`t.status = ${s}`);
}

/** The tab narrowed by one more condition (a search). */
function narrowed(tab: Tab, condition: SQL): Tab {
  return { ...tab, filters: sql`${tab.filters} and ${condition}` };
}

/** The tab's rows that pass a search's probe, tested one by one in the tab's order. */
function probed(tab: Tab, probe: SQL): Tab {
  return { ...tab, probe };
}

/**
 * A search's trigram sets as one statement. With few matches each is tested for visibility
 * (`rowWise`): gathering the user's whole work (thousands of tickets) to keep three costs more.
 */
function flatTab(tab: Tab, rowWise: boolean): Tab {
  const visible = rowWise ? tab.visibleRows : tab.visible;
  return { filters: visible ? sql`${tab.filters} and ${visible}` : tab.filters, visible: undefined, visibleRows: undefined, branches: undefined, countCap: tab.countCap };
}

/**
 * What a statement reads of the tab's rows: a count their ids, a page their order too, a search
 * walk their contacts as well. No more: where an index holds every column read, PostgreSQL answers
 * from it alone (tickets_pending_no_queue_idx, an attendant's pending tab).
 */
const rowColumns = {
  ids: sql`t.id`,
  ordered: sql`t.id, t.updated_at`,
  walked: sql`t.id, t.contact_id, t.updated_at`,
};

/** The next SLA due time of `t`, spelled as tickets_sla_due_idx is (slaNextDue). */
const nextDue = slaNextDue({ firstResponseAt: sql`t.first_response_at`, firstResponseDueAt: sql`t.first_response_due_at`, resolutionDueAt: sql`t.resolution_due_at` });

/**
 * The `newest` rows of a tab by SLA due time (docs/decisions/0080): the tickets with a target
 * running, soonest due first along tickets_sla_due_idx, then those with none, newest activity
 * first along the tab's own indexes — each part reads at most a page, never the whole tab.
 */
function slaDueRows(tab: Tab, newest: number): SQL {
  const wheres = tab.branches ? tab.branches.map((branch) => sql`${branch} and ${tab.filters}`) : [tab.filters];
  const columns = sql`t.id, t.updated_at, ${nextDue} as sla_due`;
  return sql.join(
    wheres.flatMap((where) => [
      sql`(select ${columns} from tickets t where ${where} and ${nextDue} is not null order by ${nextDue} asc, t.id asc limit ${newest})`,
      sql`(select ${columns} from tickets t where ${where} and ${nextDue} is null order by t.updated_at desc nulls last, t.id desc nulls last limit ${newest})`,
    ]),
    sql` union all `,
  );
}

/**
 * The tab's rows (`columns`) as a statement, the `newest` first when given. With branches, each
 * branch reads its own newest rows by its index and the union keeps each ticket once: the cost is
 * a page per branch, not the whole set gathered and sorted.
 */
function tabRows(tab: Tab, columns: keyof typeof rowColumns, newest?: number): SQL {
  // Spelled like the indexes (DESC NULLS LAST): a plain DESC means NULLS FIRST, and PostgreSQL
  // would sort every row of the branch instead of reading its index in order.
  const order = sql`order by t.updated_at desc nulls last, t.id desc nulls last`;
  const select = (where: SQL) => {
    // A probe is tested on the rows a user's branch keeps, read in order behind `offset 0`: left
    // to itself PostgreSQL tested it first, on every pending ticket, before the queue condition
    // dropped most of them (60 ms instead of 20 for a surname at 1M tickets). Status branches
    // (an admin's) have no such condition, and the fence would cost them their index order.
    const { probe } = tab;
    const rows =
      probe && tab.ownWork
        ? sql`select ${rowColumns[columns]} from (select t.id, t.contact_id, t.updated_at from tickets t where ${where} ${newest === undefined ? sql`` : order} offset 0) t where ${probe}`
        : sql`select ${rowColumns[columns]} from tickets t where ${probe ? sql`${where} and ${probe}` : where}`;
    return newest === undefined ? rows : sql`${rows} ${order} limit ${newest}`;
  };
  if (!tab.branches) return select(tab.filters);
  return sql.join(
    tab.branches.map((branch) => sql`(${select(sql`${branch} and ${tab.filters}`)})`),
    sql` union all `,
  );
}

interface Found {
  /** The page's ids, with one more when another page exists. */
  ids: number[];
  count: number;
  countCapped: boolean;
}

type Counted = Pick<Found, "count" | "countCapped">;

/**
 * A page's ids and its tab's count, each as its statement answers: listTickets presents the page
 * as soon as its ids are known, while the count (a label filter's costliest statement) still runs.
 */
interface Finding {
  ids: Promise<number[]>;
  counted: Promise<Counted>;
}

function found(done: Found): Finding {
  return { ids: Promise.resolve(done.ids), counted: Promise.resolve(done) };
}

type Window = ReturnType<typeof pageWindow>;

async function pageIds(ctx: AppContext, tab: Tab, { limit, offset }: Window): Promise<number[]> {
  if (tab.order === "slaDue") {
    const due = await ctx.db
      .select({ id: sql<number>`u.id`.mapWith(Number) })
      .from(sql`(${slaDueRows(tab, offset + limit)}) u`)
      // Ties in the order each part read them: due ones by id, the others newest first.
      .orderBy(sql`u.sla_due asc nulls last`, sql`case when u.sla_due is null then u.updated_at end desc nulls last`, sql`case when u.sla_due is null then -u.id else u.id end`)
      .limit(limit)
      .offset(offset);
    return due.map((row) => row.id);
  }
  const rows = await ctx.db
    .select({ id: sql<number>`u.id`.mapWith(Number) })
    .from(sql`(${tabRows(tab, "ordered", offset + limit)}) u`)
    .orderBy(sql`u.updated_at desc nulls last`, sql`u.id desc nulls last`)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/**
 * The tab's tickets, counted up to limits.ticketListCountCap: past it the answer says so
 * (countCapped) instead of reading a closed tab's years of history on every request.
 */
async function tabCount(ctx: AppContext, tab: Tab): Promise<Counted> {
  const cap = tab.countCap ?? limits.ticketListCountCap;
  const rows = await ctx.db.select({ n: count() }).from(sql`(select 1 from (${tabRows(tab, "ids")}) u limit ${cap + 1}) x`);
  const n = rows[0]?.n ?? 0;
  return { count: Math.min(n, cap), countCapped: n > cap };
}

/**
 * A label-filtered tab (docs/decisions/0072), counted up to limits.ticketTagCountCap, in the
 * cheapest of three ways (taggedRead):
 * - gathered: one statement gathers every match up to the cap and sorts them, page and count at
 *   once, where a page and a count would each walk the same tickets and probe each one's labels;
 *   past the cap, the page alone follows;
 * - fromLabels: the count starts from the labels (tagCountFromLabels) while the page walks the
 *   tab in order;
 * - walked: the page and the count walk the tab, each ticket's labels probed by key.
 */
async function taggedTab(ctx: AppContext, tab: Tab, tagged: NonNullable<Tab["tagged"]>, window: Window): Promise<Finding> {
  const cap = limits.ticketTagCountCap;
  // Gathered in activity order: a tab sorted by due time reads its page by its own order.
  if (tagged.read === "gathered" && tab.order !== "slaDue") {
    const gathered = await ctx.db
      .select({ id: sql<number>`u.id`.mapWith(Number) })
      .from(sql`(select v.id, v.updated_at from (${tabRows(tab, "ordered")}) v limit ${cap + 1}) u`)
      .orderBy(sql`u.updated_at desc nulls last`, sql`u.id desc nulls last`);
    if (gathered.length <= cap) return found({ ids: gathered.slice(window.offset, window.offset + window.limit).map((row) => row.id), count: gathered.length, countCapped: false });
    return { ids: pageIds(ctx, tab, window), counted: Promise.resolve({ count: cap, countCapped: true }) };
  }
  return { ids: pageIds(ctx, tab, window), counted: tagged.read === "fromLabels" ? tagCountFromLabels(ctx, tagged) : tabCount(ctx, tab) };
}

/**
 * The tab's tickets carrying the labels, counted from ticket_tags_tag_idx: each labelled ticket
 * once (ticketsTaggedRows), tested against the tab by its key, until the cap. Over an admin's
 * closed tab nearly every labelled ticket is in the tab, so the count reads about `cap` links
 * whatever the label's share, where walking the tab reads `cap / share` tickets (a label on 3 % of
 * tickets: 31,000 walked for 1,000 found).
 */
async function tagCountFromLabels(ctx: AppContext, tagged: NonNullable<Tab["tagged"]>): Promise<Counted> {
  const cap = limits.ticketTagCountCap;
  const rows = await ctx.db
    .select({ n: count() })
    // `offset 0` keeps the test a key lookup per link: pulled up into a join, PostgreSQL hashed a
    // common label's every link (20,000 at 100k tickets) and scanned the tickets to meet 1,001 of
    // them (10.6 ms against 1.9).
    .from(sql`(select 1 from (${ticketsTaggedRows(tagged.tagIds)}) g where exists (select 1 from tickets t where t.id = g.ticket_id and ${tagged.untaggedFilters} offset 0) limit ${cap + 1}) x`);
  const n = rows[0]?.n ?? 0;
  return { count: Math.min(n, cap), countCapped: n > cap };
}

/** Tests a walked row (`id`, `contactId`) for the text. */
type Probe = (id: SQL, contactId: SQL) => SQL;

/**
 * Matches, counted up to `cap + 1`; null when the walk of `size` tickets ended first, which the
 * tab's own size says. For a `common` text (the walk's first tickets matched often) the tab is
 * sized only if the matches stay under the cap, which they rarely do: sizing it beside the walk
 * cost as much as the walk (an attendant's pending tab at 1M tickets: 3,746 tickets counted for a
 * walk that stops at 300 matches). Otherwise both run at once.
 */
async function walkCount(ctx: AppContext, tab: Tab, probe: Probe, cap: number, size: number, common: boolean): Promise<number | null> {
  const walked = sql`(select w.id, w.contact_id from (${tabRows(tab, "walked")}) w limit ${size}) w`;
  const matches = () => ctx.db.select({ n: count() }).from(sql`(select 1 from ${walked} where ${probe(sql`w.id`, sql`w.contact_id`)} limit ${cap + 1}) x`);
  const tabSize = () => ctx.db.select({ n: count() }).from(sql`(select 1 from (${tabRows(tab, "ids")}) v limit ${size + 1}) v`);
  const [hits, sized] = common ? [await matches(), undefined] : await Promise.all([matches(), tabSize()]);
  const n = hits[0]?.n ?? 0;
  if (n > cap) return n;
  const tabRowsCount = (sized ?? (await tabSize()))[0]?.n ?? 0;
  return tabRowsCount <= size ? n : null;
}

/**
 * A page and a capped count by walking the tab in order with `probe`, and from the trigram sets
 * when the count's walk of `walkLimit` tickets ends before the cap.
 */
async function searchByWalk(ctx: AppContext, tab: Tab, bySets: Tab, probe: Probe, walkLimit: number, window: Window, firstIds?: number[], common = false): Promise<Found> {
  const cap = limits.ticketSearchCountCap;
  const [ids, walkedCount] = await Promise.all([
    firstIds ?? pageIds(ctx, probed(tab, probe(sql`t.id`, sql`t.contact_id`)), window),
    walkCount(ctx, tab, probe, cap, walkLimit, common),
  ]);
  if (walkedCount === null) return { ids, ...(await tabCount(ctx, flatTab(bySets, false))) };
  return { ids, count: Math.min(walkedCount, cap), countCapped: walkedCount > cap };
}

/**
 * A text the planner expects in few messages. Few candidate tickets in all: the trigram sets,
 * each tested for visibility. Many, mostly through contacts (a surname: 5 % of tickets): the
 * sets would gather every one of them (50,000 at 1M tickets, 0.5 s) to keep a page, so the tab
 * is walked in order instead, each ticket's contact tested by key (contactRichProbe). Otherwise
 * the sets against the user's work as one set.
 */
async function searchBySets(ctx: AppContext, tab: Tab, bySets: Tab, text: string, messageMatches: number, window: Window): Promise<Found> {
  const contactTickets = messageMatches >= rowWiseCandidates ? 0 : (await estimatedRows(ctx, sql`select 1 from contacts c where ${contactSearchFilter(text)}`)) * ticketsPerContact;
  if (contactTickets >= rowWiseCandidates && contactTickets > messageMatches) {
    return searchByWalk(ctx, tab, bySets, (id, contactId) => contactRichProbe(text, id, contactId), contactWalkSize, window);
  }
  // One statement, not one per branch: each branch would build the matching sets again.
  const flat = flatTab(bySets, messageMatches + contactTickets < rowWiseCandidates);
  const [ids, counted] = await Promise.all([pageIds(ctx, flat, window), tabCount(ctx, flat)]);
  return { ids, ...counted };
}

/** The planner's estimate of the messages containing the text (planning only, nothing is read). */
function estimatedMessageMatches(ctx: AppContext, text: string): Promise<number> {
  return estimatedRows(ctx, sql`select 1 from messages m where m.body ilike ${containsPattern(text)}`);
}

/** The planner's estimate of the rows of `query` (planning only, nothing is read). */
async function estimatedRows(ctx: AppContext, query: SQL): Promise<number> {
  const result: unknown = await ctx.db.execute(sql`explain (format json) ${query}`);
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
async function searchTickets(ctx: AppContext, tab: Tab, text: string, window: Window): Promise<Found> {
  const bySets = narrowed(tab, searchFilter(text));
  const messageMatches = await estimatedMessageMatches(ctx, text);
  if (messageMatches < rareEstimate) return searchBySets(ctx, tab, bySets, text, messageMatches, window);
  const rows = await ctx.db
    .select({ id: sql<number>`w.id`.mapWith(Number), hit: sql<boolean>`${searchProbe(text, sql`w.id`, sql`w.contact_id`)}` })
    .from(sql`(${tabRows(tab, "walked", walkSize)}) w`)
    .orderBy(sql`w.updated_at desc nulls last`, sql`w.id desc nulls last`)
    .limit(walkSize);
  const hits = rows.filter((row) => row.hit).map((row) => row.id);
  const { limit, offset } = window;
  // The walk saw the whole tab: page and count are known.
  if (rows.length < walkSize) return { ids: hits.slice(offset, offset + limit), count: hits.length, countCapped: false };

  if (hits.length < commonHits) return searchBySets(ctx, tab, bySets, text, messageMatches, window);
  const probe: Probe = (id, contactId) => searchProbe(text, id, contactId);
  return searchByWalk(ctx, tab, bySets, probe, countWalkSize, window, hits.length >= offset + limit ? hits.slice(offset, offset + limit) : undefined, true);
}

/**
 * GET /tickets: one page of a tab, newest activity first, and the tab's total. The page and the
 * count are two statements run together (on PostgreSQL, two pool connections): the page can then
 * follow the (status, updated_at, id) index and stop after one page instead of ranking every
 * match, and only the page's tickets are joined and presented, as soon as the page's ids are known
 * (a third connection), while the count may still run.
 */
export async function listTickets(ctx: AppContext, actor: Actor, query: ListTickets): Promise<TicketPage> {
  // The queues an admin adopts (a round trip first) are read only where the tab's statements use
  // them: not for show-all (no visibility condition), nor for a tab with no waiting tickets (open,
  // closed). As constants: read within the statements instead, as a subquery (planned three
  // times in each), they cost more planning than the round trip (decision 0108).
  const adopted = listsEveryTicket(actor, query.showAll) || !hasPendingBranch(query.status) ? [] : await adoptedQueuesOf(ctx.db, actor);
  const tab = tabOf(actor, query, ctx.config.TIME_ZONE, adopted);
  const size = limits.ticketPageSize;
  const window = pageWindow(query.pageNumber, size);
  const finding: Finding =
    query.searchParam !== ""
      ? // A search finds its ids on the read replica, if any; the page is presented from the primary (docs/decisions/0055).
        found(await searchTickets({ ...ctx, db: ctx.reads }, tab, query.searchParam, window))
      : tab.tagged
        ? await taggedTab(ctx, tab, tab.tagged, window)
        : { ids: pageIds(ctx, tab, window), counted: tabCount(ctx, tab) };
  const [[page, presented], counted] = await Promise.all([
    finding.ids.then(async (ids) => {
      const page = pageOf(ids, size);
      return [page, await presentTicketsById(ctx.db, page.items)] as const;
    }),
    finding.counted,
  ]);
  return { tickets: page.items.flatMap((id) => presented.get(id) ?? []), hasMore: page.hasMore, count: counted.count, countCapped: counted.countCapped };
}
