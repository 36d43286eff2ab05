import { count, eq, isNotNull } from "drizzle-orm";
import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../../db/client.js";
import { connections, eventDeliveries, messages } from "../../db/schema/index.js";

/** What the gauges that are read at scrape time ask of the app (cheap reads only: each scrape runs them). */
export interface MetricsSources {
  db: Db;
  /** The primary's pool (absent on PGlite): total, idle and waiting clients. */
  pool?: pg.Pool;
  /** Sockets connected to this instance. */
  sockets(): number;
  /** Whether the instances hear each other through Redis; undefined without Redis (no gauge then). */
  redis?(): boolean | undefined;
}

/**
 * One app's Prometheus metrics (GET /metrics, docs/deployment.md), in a registry of its own: tests
 * run many apps in one process, and prom-client's global registry would mix (and refuse) them.
 * Built only when METRICS_TOKEN is set; otherwise nothing is counted.
 */
export class AppMetrics {
  readonly registry = new Registry();

  /** Server time per request, by route pattern (never the raw URL: unbounded labels) and status class. */
  readonly httpDuration = new Histogram({
    name: "atendo_http_request_duration_seconds",
    help: "HTTP request duration in seconds, by method, route pattern and status class.",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly messagesReceived = new Counter({
    name: "atendo_messages_received_total",
    help: "Messages received from customers, by channel kind.",
    labelNames: ["channel"] as const,
    registers: [this.registry],
  });

  readonly messagesSent = new Counter({
    name: "atendo_messages_sent_total",
    help: "Messages Atendo wrote (replies, greetings, menus, farewells), by channel kind.",
    labelNames: ["channel"] as const,
    registers: [this.registry],
  });

  /** The inbound group commit's flushes (docs/decisions/0051): many small ones mean little load, many at the cap a backlog. */
  readonly groupCommitBatch = new Histogram({
    name: "atendo_inbound_group_commit_batch_size",
    help: "Inbound messages stored per group-commit flush.",
    buckets: [1, 2, 5, 10, 25, 50, 100],
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: "atendo_job_runs_total",
    help: "Runs of the periodic jobs, by job.",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: "atendo_job_failures_total",
    help: "Failed runs of the periodic jobs, by job.",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    const { db, pool } = sources;
    const registers = [this.registry];
    new Gauge({
      name: "atendo_outbound_pending_messages",
      help: "Outgoing messages not yet handed to their channel (due for dispatch).",
      registers,
      async collect() {
        // messages_dispatch_due_idx covers exactly these rows.
        const [row] = await db.select({ n: count() }).from(messages).where(isNotNull(messages.dispatchAt));
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: "atendo_event_outbox_pending",
      help: "Durable event deliveries waiting (the API channel's webhooks among them).",
      registers,
      async collect() {
        const [row] = await db.select({ n: count() }).from(eventDeliveries).where(eq(eventDeliveries.status, "pending"));
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: "atendo_connections",
      help: "Messaging connections by status.",
      labelNames: ["status"] as const,
      registers,
      async collect() {
        const rows = await db.select({ status: connections.status, n: count() }).from(connections).groupBy(connections.status);
        this.reset();
        for (const row of rows) this.set({ status: row.status }, row.n);
      },
    });
    new Gauge({
      name: "atendo_sockets_connected",
      help: "Sockets connected to this instance.",
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    const redis = sources.redis;
    if (redis) {
      new Gauge({
        name: "atendo_redis_connected",
        help: "1 while this instance reaches Redis (socket events reach the other instances), 0 while it does not; absent without REDIS_URL.",
        registers,
        collect() {
          const connected = redis();
          this.reset();
          if (connected !== undefined) this.set(connected ? 1 : 0);
        },
      });
    }
    if (pool) {
      new Gauge({
        name: "atendo_db_pool_clients",
        help: "The database pool's clients: total, idle, and requests waiting for one.",
        labelNames: ["state"] as const,
        registers,
        collect() {
          this.set({ state: "total" }, pool.totalCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
        },
      });
    }
    // Process, heap, GC and event-loop delay (nodejs_eventloop_lag_*), registered here rather than globally.
    collectDefaultMetrics({ register: this.registry });
  }

  /** The text a Prometheus scrape reads. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
