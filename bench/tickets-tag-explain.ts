// Where a label-filtered ticket list spends its time, inside the database (issue 29): each
// bench:tickets tag case and its untagged tab is listed by the service itself (listTickets, no
// HTTP) on the bench:tickets embedded dataset, every statement it sends is captured and run again
// under EXPLAIN (ANALYZE, BUFFERS), and the list's own time measured. The ratios to the untagged
// tab hold on a loaded machine where absolute figures do not.
// `npx tsx bench/tickets-tag-explain.ts [rounds] [case part…]` (BENCH_EMBEDDED_DIR as bench:tickets;
// BENCH_EXPLAIN_PLANS=1 prints each plan).
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { listTicketsQuery } from "@atendo/contracts";
import { sessionOptions } from "../packages/server/src/db/client.js";
import * as schema from "../packages/server/src/db/schema/index.js";
import type { AppContext } from "../packages/server/src/context.js";
import type { Actor } from "../packages/server/src/core/actor.js";
import { listTickets } from "../packages/server/src/modules/tickets/ticket-list.service.js";
import { servedDataset } from "./support/dataset-server.js";
import { ATTENDANT_ID, benchTags } from "./tickets-dataset.js";

const rounds = Number(process.argv[2] ?? 30);
const parts = process.argv.slice(3);
const showPlans = process.env.BENCH_EXPLAIN_PLANS === "1";

interface Case {
  name: string;
  actor: "attendant" | "admin";
  query: Record<string, string>;
}

const { common, uncommon, rare } = benchTags;
const cases: Case[] = [];
for (const [actor, label, showAll] of [
  ["attendant", "attendant", undefined],
  ["admin", "admin showAll", "true"],
] as const) {
  for (const status of ["pending", "open", "closed"]) {
    const base = { status, ...(showAll ? { showAll } : {}) };
    cases.push({ name: `${status} · ${label}`, actor, query: base });
    cases.push({ name: `${status} · ${label} · common tag`, actor, query: { ...base, tagIds: String(common.id) } });
    cases.push({ name: `${status} · ${label} · rare tag`, actor, query: { ...base, tagIds: String(rare.id) } });
    if (status === "closed") cases.push({ name: `${status} · ${label} · two tags`, actor, query: { ...base, tagIds: `${uncommon.id},${rare.id}` } });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? 0;

// BENCH_EXPLAIN_URL: a database already served (the embedded folder is held by one process at a time).
const server = await servedDataset(process.env.BENCH_EXPLAIN_URL);
const pool = new pg.Pool({ connectionString: server.url, max: 4, options: sessionOptions });
let captured: { query: string; params: unknown[] }[] | undefined;
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => captured?.push({ query, params }) } });
try {
  const users = await db.query.users.findMany();
  const actors = {
    attendant: { ...users.find((u) => u.id === ATTENDANT_ID)!, sessionId: "bench" },
    admin: { ...users.find((u) => u.email === "admin@bench.local")!, sessionId: "bench" },
  } satisfies Record<string, Actor>;
  const ctx = { db, reads: db, config: { TIME_ZONE: "America/Sao_Paulo" } } as unknown as AppContext;
  const table: Record<string, Record<string, number | string>> = {};
  for (const c of cases.filter((c) => parts.length === 0 || parts.some((p) => c.name.includes(p)))) {
    const query = listTicketsQuery.parse({ pageNumber: "1", ...c.query });
    captured = [];
    const first = await listTickets(ctx, actors[c.actor], query);
    const statements = captured.filter((s) => !/^(begin|commit)/i.test(s.query));
    captured = undefined;
    const list: number[] = [];
    const executions = statements.map(() => [] as number[]);
    const buffers = statements.map(() => 0);
    for (let round = 0; round < rounds; round++) {
      const at = performance.now();
      await listTickets(ctx, actors[c.actor], query);
      list.push(performance.now() - at);
      for (const [i, statement] of statements.entries()) {
        const result = await pool.query<{ "QUERY PLAN": { "Execution Time": number; "Planning Time": number; Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number } }[] }>(
          `explain (analyze, buffers, format json) ${statement.query}`,
          statement.params,
        );
        const plan = result.rows[0]!["QUERY PLAN"][0]!;
        executions[i]!.push(plan["Execution Time"] + plan["Planning Time"]);
        buffers[i] = plan.Plan["Shared Hit Blocks"] + plan.Plan["Shared Read Blocks"];
      }
    }
    if (showPlans) {
      console.log(`\n=== ${c.name}`);
      for (const statement of statements) {
        console.log(`\n${statement.query}\n-- ${JSON.stringify(statement.params)}`);
        const result = await pool.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
        console.log(result.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n"));
      }
    }
    table[c.name] = {
      rows: first.tickets.length,
      count: `${first.count}${first.countCapped ? "+" : ""}`,
      "list p50": Number(median(list).toFixed(2)),
      "list p95": Number(p95(list).toFixed(2)),
      "SQL ms (plan+exec, medians)": statements.map((_, i) => median(executions[i]!).toFixed(2)).join(" + "),
      "SQL ms (min)": statements.map((_, i) => Math.min(...executions[i]!).toFixed(2)).join(" + "),
      buffers: buffers.join(" + "),
    };
  }
  console.log(`${rounds} rounds; list = listTickets in process (no HTTP), SQL = EXPLAIN ANALYZE of each statement it sent`);
  console.table(table);
} finally {
  await pool.end();
  await server.stop();
}
