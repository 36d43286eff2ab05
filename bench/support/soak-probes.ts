// What bench:soak reads of the server between intervals: its memory and open files from /proc
// (Linux), its heap and event outbox from GET /metrics (METRICS_TOKEN: collectDefaultMetrics of
// modules/metrics/app-metrics.ts), and from its database the connections, the WAL written and
// the size of the tables that grow with traffic.
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/** The tables a leak of rows (or of dead tuples never vacuumed) would show in. */
export const grownTables = ["messages", "tickets", "event_deliveries", "audit_entries"] as const;

export interface ServerReading {
  rssMb: number;
  /** V8 heap in use, MB; null without the metric. */
  heapUsedMb: number | null;
  /**
   * Memory V8 holds outside its heap for JavaScript objects (Buffers, typed arrays), MB; null
   * without the metric. RSS rising with heap and this flat points at the allocator keeping pages.
   */
  externalMb: number | null;
  openFds: number;
  /** Durable deliveries still pending (the API channel's webhooks): a backlog that only grows is a leak too. */
  outboxPending: number | null;
  /** Sessions on the server's database, this probe's own excluded. */
  dbConnections: number;
  walLsn: string;
  tableMb: Record<(typeof grownTables)[number], number>;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
}

/** One value of a Prometheus text scrape (the first sample of the metric: these have no labels). */
function metricValue(text: string, name: string): number | null {
  const line = text.split("\n").find((row) => row.startsWith(`${name} `) || row.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : null;
}

export class ServerProbe {
  private constructor(
    private readonly pid: number,
    private readonly metricsUrl: string,
    private readonly metricsToken: string,
    private readonly db: pg.Client,
  ) {}

  static async open(pid: number, baseUrl: string, metricsToken: string, databaseUrl: string): Promise<ServerProbe> {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    return new ServerProbe(pid, `${baseUrl}/metrics`, metricsToken, db);
  }

  async read(): Promise<ServerReading> {
    const scrape = await fetch(this.metricsUrl, { headers: { authorization: `Bearer ${this.metricsToken}` } });
    const metrics = scrape.ok ? await scrape.text() : "";
    const heap = metricValue(metrics, "nodejs_heap_size_used_bytes");
    const external = metricValue(metrics, "nodejs_external_memory_bytes");
    const { rows } = await this.db.query<{ connections: string; lsn: string } & Record<string, string>>(
      `select (select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as connections,
              pg_current_wal_lsn()::text as lsn,
              ${grownTables.map((table) => `pg_total_relation_size('${table}') as ${table}`).join(", ")}`,
    );
    const row = rows[0]!;
    return {
      rssMb: mb(rssBytes(this.pid)),
      heapUsedMb: heap === null ? null : mb(heap),
      externalMb: external === null ? null : mb(external),
      openFds: readdirSync(`/proc/${this.pid}/fd`).length,
      outboxPending: metricValue(metrics, "atendo_event_outbox_pending"),
      dbConnections: Number(row.connections),
      walLsn: row.lsn,
      tableMb: Object.fromEntries(grownTables.map((table) => [table, mb(Number(row[table]))])) as ServerReading["tableMb"],
    };
  }

  /** WAL bytes written between two readings, MB. */
  async walMbBetween(from: string, to: string): Promise<number> {
    const { rows } = await this.db.query<{ bytes: string }>("select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text as bytes", [to, from]);
    return mb(Number(rows[0]!.bytes));
  }

  /** Runs a query of the loss check on the same connection. */
  query<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<T>> {
    return this.db.query<T>(text, values);
  }

  close(): Promise<void> {
    return this.db.end();
  }
}
