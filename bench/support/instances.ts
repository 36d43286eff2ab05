// One or more Atendo processes on one database, as bench:sockets runs them: one instance on either
// database of BENCH_DATABASES (databases.ts), or several instances sharing a fresh database on the
// PostgreSQL server at BENCH_DATABASE_URL and the socket.io Redis adapter (REDIS_URL, default
// redis://127.0.0.1:6379), as a scaled-out deployment runs. The embedded database belongs to one
// process, so several instances need `server`. Each run's instances put their Redis traffic under
// their own prefix (REDIS_PREFIX=atendo-bench-<the database's suffix>, beside the install id the
// fresh database already makes its own: realtime/redis-namespace.ts), so a run hears nothing of
// another run or of anyone else's install on the same Redis.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { spawnServer, type SpawnedServer } from "../../packages/server/src/test/spawn-server.js";
import { adminQuery } from "../../packages/server/src/test/test-database.js";
import { startOn } from "./databases.js";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

export interface Instances {
  servers: SpawnedServer[];
  /** The database the instances share, when on the PostgreSQL server (embedded: undefined, it belongs to the process). */
  databaseUrl?: string;
  /** The Redis they share, when more than one. */
  redisUrl?: string;
  /**
   * CPU seconds so far of each PostgreSQL backend serving this database, by process id (server
   * only; embedded: undefined, the process tree counts it). Compare two readings with `backendCpuSince`.
   */
  backendCpuSeconds(): Promise<Map<number, number> | undefined>;
  cleanUp(): Promise<void>;
}

/** `count` instances on `target`; `envOf(i)` adds each one's environment. Started one after the other (each migrates on start). */
export async function startInstances(target: string, count: number, envOf: (index: number) => Record<string, string>): Promise<Instances> {
  if (target === "embedded" && count === 1) {
    const { server, cleanUp } = await startOn(target, envOf(0));
    return { servers: [server], backendCpuSeconds: async () => undefined, cleanUp };
  }
  if (target !== "server") throw new Error(`BENCH_SOCKET_INSTANCES=${count} needs BENCH_DATABASES=server (unknown or embedded: ${target}): the embedded database belongs to one process`);
  const suffix = randomBytes(4).toString("hex");
  const database = `atendo_bench_${suffix}`;
  await adminQuery(serverUrl, `create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const servers: SpawnedServer[] = [];
  const cleanUp = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
  };
  try {
    for (let i = 0; i < count; i++) servers.push(await spawnServer({ ...envOf(i), DATABASE_URL: url.toString(), ...(count > 1 ? { REDIS_URL: redisUrl, REDIS_PREFIX: `atendo-bench-${suffix}` } : {}) }));
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { servers, databaseUrl: url.toString(), redisUrl: count > 1 ? redisUrl : undefined, backendCpuSeconds: () => backendCpuSeconds(database), cleanUp };
}

const ticksPerSecond = 100;

/**
 * CPU between two readings: backends that started since count in full; one that ended since
 * (a pool closing an idle connection) is lost to the count, which is then a little low.
 */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

/** The CPU of each backend connected to `database` now. */
async function backendCpuSeconds(database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [database]);
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const text = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
        cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
      } catch {
        // A backend that ended since the query: its CPU is lost to the count.
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}
