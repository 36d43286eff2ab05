import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { npmRun } from "./test/npm-run.js";
import { makeDataDir, spawnServer, type SpawnedServer } from "./test/spawn-server.js";

// `npm run backup` and `npm run restore` as an operator runs them, on the embedded PostgreSQL
// (the database tests of db/backup/backup.test.ts run on the suite's server, embedded or external).

/** The environment of an install whose data lives in `dir` (what spawnServer gives a process). */
const installEnv = (dir: string) => ({ EMBEDDED_POSTGRES_DIR: join(dir, "postgres"), PGLITE_DIR: join(dir, "db"), MEDIA_DIR: join(dir, "media") });

describe("npm run backup / restore on the embedded PostgreSQL", () => {
  const source = makeDataDir("atendo-backup-source-");
  const copy = makeDataDir("atendo-backup-copy-");
  const archive = join(source, "install.tar.gz");
  const email = "owner@atendo.test";
  const running: SpawnedServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    rmSync(source, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  });

  it("backs up a running install, refuses to restore under it, and restores onto a new folder that then runs", async () => {
    const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: "" };
    const first = await spawnServer(env, { dataDir: source });
    running.push(first);
    const password = /First admin created: \S+ \/ (\S+)/.exec(first.output)?.[1] ?? "";
    expect(password).not.toBe("");
    mkdirSync(join(source, "media"), { recursive: true });
    const mediaName = "0b7c2a3e-1f5d-4c8a-9e6b-2d4f6a8c0e1f.txt";
    writeFileSync(join(source, "media", mediaName), "a file of a message");

    const backup = await npmRun("backup", ["--to", archive], { ...env, ...installEnv(source) });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Backup written to .*: \d+ tables, 1 media files/);

    const underRunning = await npmRun("restore", ["--from", archive, "--force"], { ...env, ...installEnv(source) });
    expect(underRunning.code).toBe(1);
    expect(underRunning.stderr).toContain("stop it first");

    const restore = await npmRun("restore", ["--from", archive], { ...env, ...installEnv(copy) });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("Restored");
    expect(readFileSync(join(copy, "media", mediaName), "utf8")).toBe("a file of a message");

    const second = await spawnServer(env, { dataDir: copy });
    running.push(second);
    // The restored admin, not a new one: the first start of the copy found its users.
    expect(second.output).not.toContain("First admin created");
    const login = await fetch(`${second.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);

    const again = await npmRun("restore", ["--from", archive], { ...env, ...installEnv(copy) });
    expect(again.code).toBe(1);
    // Refused while it runs, whatever else.
    expect(again.stderr).toContain("stop it first");
  }, 300_000);
});
