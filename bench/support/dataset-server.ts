// A real Atendo process on the ticket benchmark's dataset (100k tickets, 1M messages by default),
// on one of the databases of BENCH_DATABASES: `embedded` (Atendo's default, its own PostgreSQL
// server, data folder BENCH_EMBEDDED_DIR) or `server` (the PostgreSQL server at BENCH_DATABASE_URL).
// Shared by bench:tickets and bench:reports; the environment variables are in bench/README.md.
import { join } from "node:path";
import { findPostgresBinaries } from "../../packages/server/src/db/embedded/binaries.js";
import { EMBEDDED_DATABASE, startEmbeddedServer } from "../../packages/server/src/db/embedded/embedded-server.js";
import { spawnServer, type SpawnedServer } from "../../packages/server/src/test/spawn-server.js";
import { datasetSpec, ensureDataset, type Dataset } from "../tickets-dataset.js";
import { readFixtures, type Fixtures } from "../tickets-fixtures.js";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const spec = datasetSpec(process.env);
/** A scaled dataset (BENCH_SCALE) lives beside the default one, never in its place. */
const scaleSuffix = spec.scale === 1 ? "" : `_x${spec.scale}`;
export const databaseName = process.env.BENCH_DATABASE_NAME ?? `atendo_bench${scaleSuffix}`;
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`BENCH_DATABASE_NAME must be a plain identifier: ${databaseName}`);
export const databases = (process.env.BENCH_DATABASES ?? "embedded,server").split(",").map((name) => name.trim());
/** Kept between runs (the dataset takes minutes to generate); `data/` is ignored by git. */
export const embeddedDir =
  process.env.BENCH_EMBEDDED_DIR ?? new URL(`../../data/bench-tickets-embedded${scaleSuffix.replace("_", "-")}`, import.meta.url).pathname;
const regenerate = process.env.BENCH_REGENERATE === "1";

export interface DatasetServer {
  dataset: Dataset;
  fixtures: Fixtures;
  server: SpawnedServer;
}

/**
 * The dataset in Atendo's own embedded database: generated through a server started on the
 * folder for that purpose, then Atendo is started on the same folder, as `npm start` would be.
 */
async function onEmbedded(env: Record<string, string>): Promise<DatasetServer> {
  const prepared = await prepareOnEmbedded();
  const server = await spawnServer(env, { dataDir: embeddedDir });
  return { ...prepared, server };
}

async function prepareOnEmbedded(): Promise<Omit<DatasetServer, "server">> {
  const binaries = await findPostgresBinaries();
  if (!binaries) throw new Error("No PostgreSQL binary for this platform: run with BENCH_DATABASES=server.");
  const generator = await startEmbeddedServer({ dir: join(embeddedDir, "postgres"), binaries, report: (line) => console.log(line) });
  try {
    const dataset = await ensureDataset(generator.url("postgres"), EMBEDDED_DATABASE, spec, regenerate);
    return { dataset, fixtures: await readFixtures(dataset.url) };
  } finally {
    await generator.stop();
  }
}

async function onServer(env: Record<string, string>): Promise<DatasetServer> {
  const prepared = await prepareOnServer();
  const server = await spawnServer({ ...env, DATABASE_URL: prepared.dataset.url });
  return { ...prepared, server };
}

async function prepareOnServer(): Promise<Omit<DatasetServer, "server">> {
  const dataset = await ensureDataset(serverUrl, databaseName, spec, regenerate);
  return { dataset, fixtures: await readFixtures(dataset.url) };
}

function checkTarget(target: string): void {
  if (target !== "embedded" && target !== "server") throw new Error(`BENCH_DATABASES: unknown database ${target} (embedded, server)`);
}

/** The dataset of `target`, generated unless one of the same spec exists; no Atendo process. */
export function prepareDataset(target: string): Promise<Omit<DatasetServer, "server">> {
  checkTarget(target);
  return target === "embedded" ? prepareOnEmbedded() : prepareOnServer();
}

/**
 * Atendo started on `target`'s dataset (generated first unless a database of the same spec
 * exists). The server migrates on start: a migration added since generation is applied to the
 * existing rows.
 */
export function startOnDataset(target: string, env: Record<string, string>): Promise<DatasetServer> {
  checkTarget(target);
  return target === "embedded" ? onEmbedded(env) : onServer(env);
}

/**
 * A database to connect to directly: `url` when given, else the embedded dataset's folder served
 * by a PostgreSQL of its own (one process holds the folder at a time), stopped by `stop`.
 */
export async function servedDataset(url: string | undefined): Promise<{ url: string; stop(): Promise<void> }> {
  if (url) return { url, stop: async () => undefined };
  const binaries = await findPostgresBinaries();
  if (!binaries) throw new Error("No PostgreSQL binary for this platform");
  const server = await startEmbeddedServer({ dir: join(embeddedDir, "postgres"), binaries });
  return { url: server.url(EMBEDDED_DATABASE), stop: () => server.stop() };
}

/** Where the dataset of `target` lives, as the result files name it. */
export function datasetName(target: string): string {
  return target === "embedded" ? `${embeddedDir} (${EMBEDDED_DATABASE})` : databaseName;
}

/** Signs in with the dataset's password; a long-lived token is the caller's business (ACCESS_TOKEN_TTL_SECONDS). */
export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
