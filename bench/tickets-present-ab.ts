// The presentation of a list page alone (issue 35): presentTicketsById of this checkout against
// another's (BENCH_AB_BASELINE), in one process on bench:tickets' dataset, alternated in blocks, for
// the 40 newest pending tickets. Prints each one's wall time and this process's CPU per call, so
// the Node side of a page's presentation is read without HTTP, compression or the tab's queries.
// `BENCH_AB_BASELINE=/other/checkout [BENCH_AB_URL=postgres://…] npx tsx bench/tickets-present-ab.ts [rounds]`
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { sessionOptions } from "../packages/server/src/db/client.js";
import * as schema from "../packages/server/src/db/schema/index.js";
import type { Db } from "../packages/server/src/db/client.js";
import { presentTicketsById } from "../packages/server/src/modules/tickets/ticket.presenter.js";
import { servedDataset } from "./support/dataset-server.js";
import { summarise } from "./support/stats.js";

const baselineDir = process.env.BENCH_AB_BASELINE;
if (!baselineDir) throw new Error("BENCH_AB_BASELINE (another checkout) is required");
const baseline = (await import(`${baselineDir}/packages/server/src/modules/tickets/ticket.presenter.ts`)) as { presentTicketsById: typeof presentTicketsById };
const rounds = Number(process.argv[2] ?? 20);
const block = 25;

const served = await servedDataset(process.env.BENCH_AB_URL);
const pool = new pg.Pool({ connectionString: served.url, max: 2, options: sessionOptions });
try {
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const { rows } = await pool.query<{ id: number }>("select id from tickets where status = 'pending' order by updated_at desc, id desc limit 40");
  const ids = rows.map((row) => row.id);
  const present = { baseline: baseline.presentTicketsById, current: presentTicketsById };
  const samples = { baseline: [] as number[], current: [] as number[] };
  const cpu = { baseline: 0, current: 0 };
  for (let round = 0; round < rounds + 1; round++) {
    for (const name of round % 2 === 0 ? (["baseline", "current"] as const) : (["current", "baseline"] as const)) {
      const before = process.cpuUsage();
      for (let i = 0; i < block; i++) {
        const at = performance.now();
        await present[name](db, ids);
        if (round > 0) samples[name].push(performance.now() - at);
      }
      const used = process.cpuUsage(before);
      if (round > 0) cpu[name] += (used.user + used.system) / 1000;
    }
  }
  const table = Object.fromEntries(
    (["baseline", "current"] as const).map((name) => {
      const s = summarise(samples[name]);
      return [name, { p50: s.p50, p95: s.p95, "node cpu ms per call": Math.round((cpu[name] / samples[name].length) * 100) / 100 }];
    }),
  );
  console.log(`${rounds} rounds of ${block} presentations of 40 tickets, alternated`);
  console.table(table);
} finally {
  await pool.end();
  await served.stop();
}
