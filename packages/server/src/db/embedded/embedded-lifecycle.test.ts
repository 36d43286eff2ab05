import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative as relativePath } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectEmbedded, postmasterOf } from "../../test/embedded-folder.js";
import { launchServer, makeDataDir, spawnServer, type SpawnedServer } from "../../test/spawn-server.js";
import { waitFor } from "../../test/wait-for.js";
import { processAlive } from "./process-alive.js";

const admin = { email: "lifecycle@atendo.test", password: "lifecycle-password" };
/** Where spawned processes run (spawn-server.ts). */
const repositoryRoot = new URL("../../../../..", import.meta.url).pathname;
const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
const folders: string[] = [];
const running: SpawnedServer[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop().catch(() => undefined)));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(): string {
  const dir = makeDataDir("atendo-lifecycle-");
  folders.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<SpawnedServer> {
  const server = await spawnServer(env, { dataDir, processGroup: true });
  running.push(server);
  return server;
}

async function stop(server: SpawnedServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.stop();
}

async function signsIn(server: SpawnedServer): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  return response.status === 200;
}

/** What a start that fails printed (spawnServer rejects with it). */
/** What a failed start printed as its error (stderr): its progress lines went to stdout before it. */
async function failedStart(dataDir: string): Promise<string> {
  const error = await spawnServer(env, { dataDir }).then(
    () => new Error("the start was expected to fail"),
    (failure: unknown) => failure as Error & { stderr?: string },
  );
  return "stderr" in error && error.stderr !== undefined ? error.stderr : error.message;
}

// Every test starts real processes: seconds on an idle machine, far longer on a loaded one; the
// limit only catches a hang.
describe("the embedded PostgreSQL server", { timeout: 300_000 }, () => {
  // The first three share one folder, in order: a running Atendo, a second one refused, then
  // the first killed on its own and its leftover server taken over.
  const shared = dataFolder();
  const embedded = join(shared, "postgres");
  let first: SpawnedServer;

  it("runs in Atendo's process group on 127.0.0.1 with fsync and synchronous commits, its password in a 0600 file", async () => {
    first = await start(shared);
    expect(first.output).toMatch(/database: embedded PostgreSQL 18 in .*postgres, 127\.0\.0\.1:\d+/);
    expect(statSync(join(embedded, "password")).mode & 0o777).toBe(0o600);
    const postmaster = postmasterOf(embedded);
    expect(postmaster && processAlive(postmaster.pid)).toBe(true);

    const client = await connectEmbedded(embedded);
    try {
      const { rows } = await client.query<Record<string, string>>(
        `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit,
                current_setting('full_page_writes') as full_page_writes, current_setting('listen_addresses') as listen,
                current_setting('unix_socket_directories') as sockets,
                (select extversion from pg_extension where extname = 'pg_trgm') as trgm`,
      );
      expect(rows[0]).toEqual({ fsync: "on", synchronous_commit: "on", full_page_writes: "on", listen: "127.0.0.1", sockets: "", trgm: expect.any(String) });
    } finally {
      await client.end();
    }
  });

  it("refuses a second Atendo on the same folder in one line, and the first keeps working", async () => {
    const message = await failedStart(shared);
    expect(message.trim().split("\n")).toHaveLength(1);
    expect(message).toContain(`Another Atendo is already running on ${embedded}`);
    expect(await signsIn(first)).toBe(true);
  });

  it("shuts down the server an Atendo killed on its own left running, starts on the same data, and stops its own on SIGTERM", async () => {
    const leftover = postmasterOf(embedded);
    running.splice(running.indexOf(first), 1);
    process.kill(first.pid, "SIGKILL"); // Atendo only: its PostgreSQL stays, as after an OOM kill
    await waitFor(() => !processAlive(first.pid), "Atendo to die");
    expect(leftover && processAlive(leftover.pid)).toBe(true);

    const second = await start(shared);
    expect(second.output).toContain(`A PostgreSQL server left running on ${embedded} by an Atendo that did not stop cleanly (process ${leftover?.pid})`);
    const own = postmasterOf(embedded);
    expect(own?.pid).not.toBe(leftover?.pid);
    // Shut down before the new one started; gone for good once init reaps the orphan.
    await waitFor(() => !processAlive(leftover?.pid ?? 0), "the leftover server to be reaped", 30_000);
    expect(await signsIn(second)).toBe(true);

    await stop(second);
    expect(postmasterOf(embedded)).toBeUndefined();
    expect(processAlive(own?.pid ?? 0)).toBe(false);
  });

  it("leaves nothing when the first start is killed while initdb runs, then starts afresh", async () => {
    // Inside Atendo's working folder and named relative to it, like the default ./data/postgres.
    mkdirSync(join(repositoryRoot, "data"), { recursive: true });
    const dataDir = mkdtempSync(join(repositoryRoot, "data", "test-lifecycle-"));
    chmodSync(dataDir, 0o755);
    folders.push(dataDir);
    const relative = { ...env, EMBEDDED_POSTGRES_DIR: `./${relativePath(repositoryRoot, join(dataDir, "postgres"))}` };
    const launched = launchServer(relative, { dataDir, processGroup: true });
    const inProgress = join(dataDir, `postgres.init-${launched.pid}`);
    await waitFor(() => existsSync(join(inProgress, "pgdata", "global")) || launched.exited(), "initdb to be writing", 120_000);
    expect(launched.exited()).toBe(false);
    await launched.kill();
    expect(existsSync(join(dataDir, "postgres"))).toBe(false);

    const server = await spawnServer(relative, { dataDir });
    running.push(server);
    expect(server.output).toContain(`database: embedded PostgreSQL 18 in ${relative.EMBEDDED_POSTGRES_DIR}, 127.0.0.1:`);
    expect(readdirSync(dataDir).filter((name) => name.startsWith("postgres.init-"))).toEqual([]);
    expect(await signsIn(server)).toBe(true);
    await stop(server);
  });

  it("leaves a working folder when the first start is killed once the server runs, before Atendo is up", async () => {
    const dataDir = dataFolder();
    const launched = launchServer(env, { dataDir, processGroup: true });
    await waitFor(() => postmasterOf(join(dataDir, "postgres")) !== undefined || launched.exited(), "the embedded server to start", 120_000);
    expect(launched.exited()).toBe(false);
    await launched.kill();

    const server = await start(dataDir);
    expect(await signsIn(server)).toBe(true);
    await stop(server);
  });

  it("names a folder it cannot open, and what to do, in one line", async () => {
    const dataDir = dataFolder();
    mkdirSync(join(dataDir, "postgres"));
    writeFileSync(join(dataDir, "postgres", "notes.txt"), "not a database");
    const message = await failedStart(dataDir);
    expect(message.trim().split("\n")).toHaveLength(1);
    expect(message).toContain(`${join(dataDir, "postgres")} cannot be opened as Atendo's embedded PostgreSQL folder`);
    expect(message).toContain("move it away to start with an empty database, or restore the folder from a backup");
  });
});
