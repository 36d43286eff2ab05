// The databases a benchmark runs on, one server process each (BENCH_DATABASES): `embedded`,
// Atendo's default (its own PostgreSQL server in a fresh temporary data folder), or `server`, a
// fresh database created on the PostgreSQL server at BENCH_DATABASE_URL and dropped afterwards.
import { randomBytes } from "node:crypto";
import { spawnServer, type SpawnedServer } from "../../packages/server/src/test/spawn-server.js";
import { adminQuery } from "../../packages/server/src/test/test-database.js";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** BENCH_DATABASES as a list, `fallback` when unset. */
export function benchDatabases(fallback: string): string[] {
  return (process.env.BENCH_DATABASES ?? fallback).split(",").map((name) => name.trim());
}

/** A server process on the named database, and how to clean up after it. */
export async function startOn(target: string, env: Record<string, string>): Promise<{ server: SpawnedServer; cleanUp: () => Promise<void> }> {
  if (target === "embedded") {
    const server = await spawnServer(env);
    return { server, cleanUp: () => server.stop() };
  }
  if (target !== "server") throw new Error(`BENCH_DATABASES: unknown database ${target} (embedded, server)`);
  const database = `atendo_bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${database}`);
  const dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const server = await spawnServer({ ...env, DATABASE_URL: url.toString() }).catch(async (error: unknown) => {
    await dropDatabase();
    throw error;
  });
  return {
    server,
    cleanUp: async () => {
      await server.stop();
      await dropDatabase();
    },
  };
}
