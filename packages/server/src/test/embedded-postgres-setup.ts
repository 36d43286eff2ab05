import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { findPostgresBinaries } from "../db/embedded/binaries.js";
import { startEmbeddedServer } from "../db/embedded/embedded-server.js";
import { makeDataDir } from "./spawn-server.js";

/**
 * The server project's global setup: without TEST_DATABASE_URL, one embedded PostgreSQL server
 * (the one Atendo starts by default, same code) for the whole run, stopped at its end. Each test
 * file creates its own database on it (test-database.ts), as on an external server.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const binaries = await findPostgresBinaries();
  if (!binaries) throw new Error("No PostgreSQL binary for this platform: set TEST_DATABASE_URL to a PostgreSQL server.");
  const dataDir = makeDataDir("atendo-test-postgres-");
  const server = await startEmbeddedServer({ dir: join(dataDir, "postgres"), binaries });
  project.provide("embeddedPostgresUrl", server.url("postgres"));
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
