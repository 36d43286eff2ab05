import { Readable } from "node:stream";
import { dayOf } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { CSV_BOM, csvLines } from "../../core/csv.js";
import type { Db } from "../../db/client.js";
import { csvLabels, type CsvLabels } from "./report-csv-labels.js";
import { filtersOf, newestFirst, reportTickets, resolvedAt } from "./report-filters.js";
import type { ParsedReportQuery } from "./report-page.service.js";
import { reportPeriod } from "./report-period.js";
import { selectReportRows, slaColumns, t } from "./report-rows.js";
import { assertCanReadReports } from "./report.policy.js";

/** Rows per statement: large enough that round trips do not dominate, small enough to stay a few hundred kB. */
const BATCH = 2000;

export interface ReportCsv {
  fileName: string;
  /** The file's text, produced batch by batch as the reader takes it. */
  stream: Readable;
}

/** Dates on the install's clock, formatted by the database; `cursor` is the exact creation moment the next batch starts after. */
function csvColumns(timeZone: string) {
  const local = (column: SQL) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  return {
    cursor: sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    created: local(sql`${t.createdAt}`),
    // Only while resolved: a reopened ticket's last close no longer applies; a monitoring's record has none.
    closed: sql<string | null>`${local(resolvedAt)}`,
    // Its labels' names as the screens order them, by ticket_tags' primary key (docs/decisions/0075).
    tags: sql<string>`coalesce((select string_agg(g.name, ', ' order by lower(g.name), g.id)
      from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = ${t.id}), '')`,
    ...slaColumns,
  };
}

/**
 * The CSV's lines: the header, then every ticket newest first, read by keyset (the next batch
 * starts after the last row's creation moment and id, along tickets_created_idx): memory stays
 * one batch whatever the period holds, and no statement or transaction stays open while the
 * client reads.
 */
async function* reportLines(db: Db, where: SQL, labels: CsvLabels, timeZone: string): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([labels.headers]);
  const columns = csvColumns(timeZone);
  let after: SQL | undefined;
  for (;;) {
    const rows = await selectReportRows(db, columns, after ? sql`${where} and ${after}` : where)
      .orderBy(newestFirst)
      .limit(BATCH);
    if (rows.length > 0) {
      yield csvLines(
        rows.map((row) => [
          String(row.id),
          row.userName ?? "",
          row.queueName ?? "",
          row.connectionName,
          labels.status[row.status],
          row.contactName ?? labels.deletedContact,
          row.contactNumber ?? "",
          row.created,
          row.closed ?? "",
          row.tags,
          row.ratingScore === null ? "" : String(row.ratingScore),
          row.ratingComment ?? "",
          row.slaFirstResponse ? labels.sla[row.slaFirstResponse] : "",
          row.slaResolution ? labels.sla[row.slaResolution] : "",
        ]),
      );
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = sql`(t.created_at, t.id) < (${last.cursor}::timestamptz, ${last.id})`;
  }
}

/**
 * GET /reports/tickets?action=download (spec §2, §5): every ticket of the report as CSV, headers
 * and statuses in `language`, dates on the install's clock, UTF-8 with a byte order mark. At most
 * `limits.reportMaxDays` days (ERR_REPORT_RANGE_TOO_LONG), checked before anything is read. Read
 * from the read replica when there is one (ctx.reads, docs/decisions/0055).
 */
export async function reportCsv(ctx: AppContext, actor: Actor, query: ParsedReportQuery): Promise<ReportCsv> {
  assertCanReadReports(actor);
  const timeZone = ctx.config.TIME_ZONE;
  const period = reportPeriod(query, timeZone, new Date(), true);
  const where = reportTickets(period, filtersOf(query));
  const { userId, queueId, status, startDate, endDate } = query;
  await ctx.events.emit("data.exported", { kind: "reports", filters: { userId, queueId, status, startDate, endDate } });
  return {
    fileName: `tickets-${dayOf(period.start, timeZone)}-${dayOf(period.end, timeZone)}.csv`,
    stream: Readable.from(reportLines(ctx.reads, where, csvLabels[query.language], timeZone), { objectMode: false }),
  };
}
