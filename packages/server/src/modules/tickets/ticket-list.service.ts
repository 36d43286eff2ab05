import { limits, type listTicketsQuery, type TicketPage } from "@atendo/contracts";
import { count, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { pageOf, pageWindow } from "../../db/paging.js";
import { tickets } from "../../db/schema/index.js";
import type { Actor } from "../../http/auth-plugin.js";
import { presentTicketsById } from "./ticket.presenter.js";
import { dayFilter, queueFilter, searchFilter, visibleTicketIds } from "./ticket-filters.js";

/** The filters below are written against this alias. */
const t = alias(tickets, "t");
// Spelled like tickets_status_updated_idx (DESC NULLS LAST): a plain DESC means NULLS FIRST, and
// PostgreSQL would sort every row of the tab instead of reading the index in order.
const newestFirst = [sql`${t.updatedAt} desc nulls last`, sql`${t.id} desc nulls last`];

export type ListTickets = z.output<typeof listTicketsQuery>;

function conditions(actor: Actor, query: ListTickets): SQL {
  const { status, searchParam } = query;
  const parts: SQL[] = [];
  if (status) parts.push(sql`t.status = ${status}`);
  // showAll is an admin's switch; for anyone else it is ignored, never refused (the web sends
  // the remembered preference whatever the profile).
  if (!(query.showAll && actor.profile === "admin")) parts.push(visibleTicketIds(actor, status));
  if (query.queueIds) parts.push(queueFilter(actor, query.queueIds));
  if (query.date) parts.push(dayFilter(query.date));
  if (query.withUnreadMessages) parts.push(sql`t.unread_messages > 0`);
  if (searchParam !== "") parts.push(searchFilter(searchParam));
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * GET /tickets: one page of a tab, newest activity first, and the tab's total. The page and the
 * count are two statements run together (on PostgreSQL, two pool connections): the page can then
 * follow the (status, updated_at, id) index and stop after one page instead of ranking every
 * match, and only the page's tickets are joined and presented.
 */
export async function listTickets(ctx: AppContext, actor: Actor, query: ListTickets): Promise<TicketPage> {
  const where = conditions(actor, query);
  const size = limits.ticketPageSize;
  const { limit, offset } = pageWindow(query.pageNumber, size);
  const [idRows, countRows] = await Promise.all([
    ctx.db.select({ id: t.id }).from(t).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
    ctx.db.select({ n: count() }).from(t).where(where),
  ]);
  const page = pageOf(idRows, size);
  const ids = page.items.map((row) => row.id);
  const presented = await presentTicketsById(ctx.db, ids);
  return { tickets: ids.flatMap((id) => presented.get(id) ?? []), hasMore: page.hasMore, count: countRows[0]?.n ?? 0 };
}
