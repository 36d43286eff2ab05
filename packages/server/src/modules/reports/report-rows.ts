import { eq, sql, type SQL } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { slaOutcomeSql } from "../tickets/sla-outcome.js";
import { connections, contacts, queues, tickets, users } from "../../db/schema/index.js";

// The filters are raw SQL over `t` (report-filters.ts), hence the aliases.
export const t = alias(tickets, "t");
const u = alias(users, "u");
const q = alias(queues, "q");
const c = alias(connections, "c");
const ct = alias(contacts, "ct");

/**
 * The connection's name (spec §3: every connection has one; the label is optional), the same in
 * the table and the CSV; once deleted, the name kept on the ticket (docs/decisions/0039, 0070).
 */
const connectionName = sql<string>`coalesce(${c.name}, ${t.connectionName}, '')`;

/** A report row's columns, read with the ticket's attendant, queue, connection and contact (null once deleted). */
const reportColumns = {
  id: t.id,
  status: t.status,
  userId: t.userId,
  userName: u.name,
  queueId: q.id,
  queueName: q.name,
  queueColor: q.color,
  connectionId: t.connectionId,
  connectionName,
  contactId: ct.id,
  contactName: ct.name,
  contactNumber: ct.number,
  ratingScore: t.ratingScore,
  ratingComment: t.ratingComment,
};

/** Its SLA targets' outcomes (issue 30, sla-outcome.ts), for the table and the CSV. */
export const slaColumns = {
  slaFirstResponse: slaOutcomeSql("firstResponse", "t"),
  slaResolution: slaOutcomeSql("resolution", "t"),
};

/** `select … from t` with what a report row shows joined; `columns` chooses the columns. */
export function selectReportRows<Columns extends SelectedFields>(db: Db, columns: Columns, where: SQL) {
  return db
    .select({ ...reportColumns, ...columns })
    .from(t)
    // A deleted contact's tickets are still counted: no contact (docs/decisions/0062).
    .leftJoin(ct, eq(ct.id, t.contactId))
    .leftJoin(u, eq(u.id, t.userId))
    .leftJoin(q, eq(q.id, t.queueId))
    .leftJoin(c, eq(c.id, t.connectionId))
    .where(where)
    .$dynamic();
}
