// The statements of ticket list tabs as this checkout sends them, each EXPLAINed (ANALYZE, timing
// off) 15 times on the embedded bench:tickets dataset (BENCH_EMBEDDED_DIR): median planning and
// execution time per statement (issue 35, decision 0108). Cases are `status[:who]`, who being the
// attendant (default), `admin` (show-all) or `adminown` (an admin's own work):
// `npx tsx bench/tickets-tab-explain.ts pending,open,closed,closed:admin`; PLAN=1 prints the plans,
// PRESENT=1 also the presentation of the page alone (unprepared, as a plain statement would be),
// EXTRA_OPTS adds session settings (`-c join_collapse_limit=1`).
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { eq } from "drizzle-orm";
import * as schema from "../packages/server/src/db/schema/index.js";
import { sessionOptions, type Db } from "../packages/server/src/db/client.js";
import { listTickets } from "../packages/server/src/modules/tickets/ticket-list.service.js";
import { presentTicketsById } from "../packages/server/src/modules/tickets/ticket.presenter.js";
import { servedDataset } from "./support/dataset-server.js";
import { ATTENDANT_ID } from "./tickets-dataset.js";
import type { AppContext } from "../packages/server/src/context.js";
import { listTicketsQuery } from "@atendo/contracts";

const served = await servedDataset(undefined);
const pool = new pg.Pool({ connectionString: served.url, options: `${sessionOptions} ${process.env.EXTRA_OPTS ?? ""}` });
let log: { q: string; p: unknown[] }[] = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (q, p) => log.push({ q, p }) } }) as unknown as Db;
const [attendant] = await db.select().from(schema.users).where(eq(schema.users.id, ATTENDANT_ID));
const [admin] = await db.select().from(schema.users).where(eq(schema.users.profile, "admin")).limit(1);
const ctx = { db, reads: db, config: { TIME_ZONE: "UTC" } } as unknown as AppContext;
const cases = (process.argv[2] ?? "pending,open,closed").split(",");
for (const c of cases) {
  const [status, who] = c.split(":");
  const actor = { ...(who === "admin" || who === "adminown" ? admin! : attendant!), sessionId: "x" };
  const query = listTicketsQuery.parse({ status, ...(who === "admin" ? { showAll: "true" } : {}) });
  for (let i = 0; i < 3; i++) await listTickets(ctx, actor, query);
  log = [];
  const page = await listTickets(ctx, actor, query);
  if (process.env.PRESENT) await presentTicketsById(db, page.tickets.map((t) => t.id));
  console.log(`\n=== ${c}: ${page.tickets.length} tickets, count ${page.count}`);
  for (const { q, p } of log) {
    let plan = "";
    const planning: number[] = [];
    const execution: number[] = [];
    for (let i = 0; i < 15; i++) {
      const r = await pool.query(`explain (analyze, timing off, summary on) ${q}`, p);
      const lines = r.rows.map((row: Record<string, string>) => row["QUERY PLAN"] ?? "");
      const ms = (label: string) => Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith(label)) ?? "")?.[1]);
      planning.push(ms("Planning Time"));
      execution.push(ms("Execution Time"));
      plan = lines.join("\n");
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!.toFixed(3);
    console.log(`--- ${q.slice(0, 60).replace(/\s+/g, " ")}…${process.env.PLAN ? `\n${plan}` : ""}\n    planning p50 ${median(planning)} ms, execution p50 ${median(execution)} ms`);
  }
}
await pool.end();
await served.stop();
