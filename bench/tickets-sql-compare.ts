// Before/after of decision 0052 on a shared machine: the list statements of the previous
// ticket-list.service.ts and of the current one, alternated on the same bench:tickets database
// (attendant user 2, "reembolso"), medians of 15 runs each. A loaded machine slows both alike, so
// the ratio holds where absolute latencies do not. `npx tsx bench/tickets-sql-compare.ts [database]`
// (default atendo_bench; atendo_bench_x10 for BENCH_SCALE=10), on BENCH_DATABASE_URL's server.
import pg from "pg";
import { ATTENDANT_ID } from "./tickets-dataset.js";

const server = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
server.pathname = `/${process.argv[2] ?? "atendo_bench"}`;
const me = ATTENDANT_ID;
const order = "order by t.updated_at desc nulls last, t.id desc nulls last";
const probe = `(coalesce((select true from contacts c where c.id = w.contact_id and c.name ilike '%reembolso%'), false)
  or coalesce((select true from messages m where m.ticket_id = w.id and m.body ilike '%reembolso%' limit 1), false))`;
/** Before: visibility as `t.id in (owned ∪ participations ∪ pending of my queues)`. */
const ownIn = (status: string) => `t.status = '${status}' and t.id in (select id from tickets where user_id = ${me} and status = '${status}'
  union all select ticket_id from ticket_participants where user_id = ${me}
  ${status === "pending" ? `union all select id from tickets where status = 'pending' and ura_id is null and (queue_id is null or queue_id in (select queue_id from user_queues where user_id = ${me}))` : ""})`;
/** After: the branches, each newest `n` first when given, merged by UNION. */
function branches(status: string, n?: number): string {
  const own = [`t.user_id = ${me}`, `t.id in (select ticket_id from ticket_participants where user_id = ${me})`];
  if (status === "pending") own.push(`t.ura_id is null and (t.queue_id is null or t.queue_id in (select queue_id from user_queues where user_id = ${me}))`);
  return own.map((b) => `(select t.id, t.contact_id, t.updated_at from tickets t where ${b} and t.status = '${status}' ${n ? `${order} limit ${n}` : ""})`).join(" union ");
}
const merged = (from: string) => `select u.id from (${from}) u order by u.updated_at desc nulls last, u.id desc nulls last limit 41`;
const everyStatus = ["closed", "open", "pending"].map((s) => `(select t.id, t.contact_id, t.updated_at from tickets t where t.status = '${s}' ${order} limit 200)`).join(" union all ");

const pairs: Record<string, [string, string]> = {
  "attendant's closed tab, page": [`select t.id from tickets t where ${ownIn("closed")} ${order} limit 41`, merged(branches("closed", 41))],
  "attendant's closed tab, count": [`select count(*) from tickets t where ${ownIn("closed")}`, `select count(*) from (select 1 from (${branches("closed")}) u limit 10001) x`],
  "admin's closed tab, count": [`select count(*) from tickets t where t.status = 'closed'`, `select count(*) from (select 1 from tickets t where t.status = 'closed' limit 10001) x`],
  "attendant's pending tab, page": [`select t.id from tickets t where ${ownIn("pending")} ${order} limit 41`, merged(branches("pending", 41))],
  "attendant's pending tab, count": [`select count(*) from tickets t where ${ownIn("pending")}`, `select count(*) from (select 1 from (${branches("pending")}) u limit 10001) x`],
  '"reembolso", attendant\'s closed tab, count walk': [
    `select count(*) from (select 1 from (select t.id, t.contact_id from tickets t where ${ownIn("closed")} limit 5000) w where ${probe} limit 1001) x`,
    `select count(*) from (select 1 from (select w.id, w.contact_id from (${branches("closed")}) w limit 5000) w where ${probe} limit 301) x`,
  ],
  '"reembolso", admin\'s search view, walk of the 200 newest': [
    `select w.id, ${probe} from (select t.id, t.contact_id, t.updated_at from tickets t ${order} limit 200) w`,
    `select w.id, ${probe} from (${everyStatus}) w order by w.updated_at desc nulls last, w.id desc nulls last limit 200`,
  ],
};

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
const client = new pg.Client({ connectionString: server.toString() });
await client.connect();
const table: Record<string, { before: number; after: number }> = {};
try {
  for (const [name, [before, after]] of Object.entries(pairs)) {
    const times = { before: [] as number[], after: [] as number[] };
    for (let i = 0; i < 15; i++) {
      for (const [which, statement] of [["before", before], ["after", after]] as const) {
        const at = performance.now();
        await client.query(statement);
        times[which].push(performance.now() - at);
      }
    }
    table[name] = { before: Number(median(times.before).toFixed(2)), after: Number(median(times.after).toFixed(2)) };
  }
} finally {
  await client.end();
}
console.log(`${server.pathname.slice(1)}: median ms of 15 alternated runs`);
console.table(table);
