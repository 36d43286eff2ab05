import { Readable } from "node:stream";
import { auditPageSize, dayOf, type AuditEntry, type AuditPage, type auditQuery } from "@atendo/contracts";
import { and, desc, eq, gte, lt, lte, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { requireAdmin, type Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import { CSV_BOM, csvLines } from "../../core/csv.js";
import type { Db } from "../../db/client.js";
import { auditEntries } from "../../db/schema/index.js";
import { parseMoment } from "../reports/report-period.js";

type ParsedAuditQuery = z.output<typeof auditQuery>;
type AuditRow = typeof auditEntries.$inferSelect;

/** Entries per statement of the CSV file. */
const csvBatchSize = 1000;

function present(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    ip: row.ip,
    userAgent: row.userAgent,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    changes: row.changes,
    details: row.details,
  };
}

/**
 * The query's filters as SQL, checked first: `from`/`to` as the reports read them (a bare day
 * on the install's clock; `to` a bare day means through its end), `from` after `to` refused.
 */
function filtersOf(query: ParsedAuditQuery, timeZone: string): SQL | undefined {
  const from = query.from ? parseMoment(query.from, timeZone) : undefined;
  const toText = query.to ?? "";
  let to: SQL | undefined;
  let toMoment: Date | undefined;
  if (toText) {
    toMoment = parseMoment(toText, timeZone);
    // A bare day names the whole day: up to the next day's first moment.
    to = /^\d{4}-\d{2}-\d{2}$/.test(toText) ? lt(auditEntries.createdAt, new Date(toMoment.getTime() + 86_400_000)) : lte(auditEntries.createdAt, toMoment);
  }
  if (from && toMoment && from > toMoment) throw new AppError("ERR_PERIOD_END_BEFORE_START");
  return and(
    query.userId ? eq(auditEntries.userId, query.userId) : undefined,
    query.action ? eq(auditEntries.action, query.action) : undefined,
    from ? gte(auditEntries.createdAt, from) : undefined,
    to,
  );
}

/** GET /api/audit (admins): a page of entries, newest first. */
export async function listAudit(ctx: AppContext, actor: Actor, query: ParsedAuditQuery): Promise<AuditPage> {
  requireAdmin(actor);
  const where = filtersOf(query, ctx.config.TIME_ZONE);
  const rows = await ctx.reads
    .select()
    .from(auditEntries)
    .where(where)
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(auditPageSize + 1)
    .offset((query.pageNumber - 1) * auditPageSize);
  return { entries: rows.slice(0, auditPageSize).map(present), hasMore: rows.length > auditPageSize };
}

const csvHeader = ["id", "createdAt", "userId", "userName", "userEmail", "ip", "userAgent", "action", "entityType", "entityId", "changes", "details"];

function csvRow(entry: AuditEntry): string[] {
  const json = (value: unknown) => (value === null ? "" : JSON.stringify(value));
  return [
    String(entry.id),
    entry.createdAt,
    entry.userId === null ? "" : String(entry.userId),
    entry.userName ?? "",
    entry.userEmail ?? "",
    entry.ip ?? "",
    entry.userAgent ?? "",
    entry.action,
    entry.entityType ?? "",
    entry.entityId ?? "",
    json(entry.changes),
    json(entry.details),
  ];
}

/** Every matching entry, newest first, by keyset in batches: no statement stays open while the client reads. */
async function* csvText(db: Db, where: SQL | undefined): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([csvHeader]);
  let last: AuditRow | undefined;
  do {
    const after = last ? or(lt(auditEntries.createdAt, last.createdAt), and(eq(auditEntries.createdAt, last.createdAt), lt(auditEntries.id, last.id))) : undefined;
    const rows = await db
      .select()
      .from(auditEntries)
      .where(and(where, after))
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(csvBatchSize);
    if (rows.length > 0) yield csvLines(rows.map((row) => csvRow(present(row))));
    last = rows.length === csvBatchSize ? rows.at(-1) : undefined;
  } while (last);
}

export interface AuditCsv {
  fileName: string;
  stream: Readable;
}

/** GET /api/audit?format=csv (admins): every matching entry as a CSV file (UTF-8 with BOM), itself an audited export. */
export async function auditCsv(ctx: AppContext, actor: Actor, query: ParsedAuditQuery): Promise<AuditCsv> {
  requireAdmin(actor);
  const where = filtersOf(query, ctx.config.TIME_ZONE);
  const { userId, action, from, to } = query;
  await ctx.events.emit("data.exported", { kind: "audit", filters: { userId, action, from, to } });
  return {
    fileName: `audit-${dayOf(new Date(), ctx.config.TIME_ZONE)}.csv`,
    stream: Readable.from(csvText(ctx.reads, where), { objectMode: false }),
  };
}
