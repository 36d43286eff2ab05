// Bulk actions (issue 29, decision 0077): POST /api/tickets/bulk on BENCH_BULK_TICKETS (500, the
// most one call takes) tickets, from the request to its answer, target ≤ 2 s. The tickets come in
// through the API channel (one customer each, waiting in a queue); an admin's socket is connected,
// so each ticket's event reaches a listener as in use. Each round accepts, labels, unlabels,
// closes and reopens all of them; `npm run bench:tickets-bulk` measures each database of
// BENCH_DATABASES (default "embedded,server"), BENCH_BULK_ROUNDS (3) rounds.
import type { TicketBulkBody, TicketBulkResponse } from "@atendo/contracts";
import { benchDatabases, startOn } from "./support/databases.js";
import { adminSocket, apiConnection, login, type AdminSession } from "./support/server-api.js";
import { ratio, writeResult } from "./support/stats.js";

const databases = benchDatabases("embedded,server");
const count = Number(process.env.BENCH_BULK_TICKETS ?? 500);
const rounds = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const targetSeconds = 2;
const admin = { email: "bench@atendo.local", password: "bench-password" };

type Action = TicketBulkBody["action"];

/** One bulk call, timed; every ticket must be done. */
async function bulkOnce(session: AdminSession, body: TicketBulkBody): Promise<number> {
  const started = performance.now();
  const { results } = await session.post<TicketBulkResponse>("/api/tickets/bulk", body);
  const seconds = (performance.now() - started) / 1000;
  const refused = results.filter((result) => result.result !== "done");
  if (refused.length > 0) throw new Error(`${body.action}: ${refused.length} refused, e.g. ${JSON.stringify(refused[0])}`);
  return ratio(seconds, 1);
}

async function measure(target: string): Promise<Record<Action, number[]>> {
  console.log(`\n▶ ${target}`);
  const { server, cleanUp } = await startOn(target, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  try {
    const session = await login(server.baseUrl, admin);
    const queue = await session.post<{ id: number }>("/api/queue", { name: "Bench bulk", color: "#4CAF50" });
    const tag = await session.post<{ id: number }>("/api/tags", { name: "Bench bulk", color: "#2196F3" });
    const post = await apiConnection(session, "Bench bulk", { type: "queue", id: queue.id });
    const ticketIds: number[] = [];
    for (let i = 0; i < count; i++) {
      const { ticketId } = await post({ externalId: `bulk-${i}`, number: String(5511_970_000_000 + i), name: `Bulk ${i}`, body: "Hello" });
      ticketIds.push(ticketId);
    }
    const socket = await adminSocket(session);
    const times: Record<Action, number[]> = { accept: [], tag: [], untag: [], close: [], reopen: [], transfer: [] };
    const run = async (body: TicketBulkBody) => {
      const seconds = await bulkOnce(session, body);
      times[body.action].push(seconds);
      return seconds;
    };
    for (let round = 1; round <= rounds; round++) {
      // Round 1 accepts the waiting tickets; later rounds send them back to the queue first.
      if (round > 1) await run({ action: "transfer", ticketIds, queueId: queue.id });
      const line = [
        `accept ${(await run({ action: "accept", ticketIds })).toFixed(2)}`,
        `tag ${(await run({ action: "tag", ticketIds, tagIds: [tag.id] })).toFixed(2)}`,
        `untag ${(await run({ action: "untag", ticketIds, tagIds: [tag.id] })).toFixed(2)}`,
        `close ${(await run({ action: "close", ticketIds })).toFixed(2)}`,
        `reopen ${(await run({ action: "reopen", ticketIds })).toFixed(2)}`,
      ];
      console.log(`  round ${round}, ${count} tickets (s): ${line.join(", ")}${round > 1 ? `, transfer ${times.transfer.at(-1)!.toFixed(2)}` : ""}`);
    }
    socket.close();
    return times;
  } finally {
    await cleanUp();
  }
}

const results: Record<string, Record<Action, number[]>> = {};
for (const target of databases) results[target] = await measure(target);
const slowest = Math.max(...Object.values(results).flatMap((times) => Object.values(times).flat()));
console.log(`\nslowest bulk call on ${count} tickets: ${slowest.toFixed(2)} s (target ≤ ${targetSeconds} s) ${slowest <= targetSeconds ? "✓" : "✗"}`);
writeResult("tickets-bulk", { tickets: count, targetSeconds, results });
