import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLineEvents, parseAdminCommand, resetPasswordCommand } from "./admin-command.js";
import { createTestServer, type TestServer } from "./test/harness.js";
import { npmRun } from "./test/npm-run.js";
import { makeDataDir, spawnServer, type SpawnedServer } from "./test/spawn-server.js";

// The way back for a locked-out admin (issue 11): `npm run admin -- reset-password <email>`.

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, output: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) } };
}

describe("reset-password on the server's database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it("prints a new password that signs in, and ends the old password and every sign-in", async () => {
    const user = await server.createUser({ profile: "admin" });
    const { lines, output } = capture();
    expect(await resetPasswordCommand(server.ctx.database, user.email.toUpperCase(), output, commandLineEvents(server.ctx.database))).toBe(0);
    const password = /^New password for (\S+): (\S+)$/.exec(lines.out[0] ?? "");
    expect(password?.[1]).toBe(user.email);
    expect(password?.[2]?.length).toBe(16);
    expect((await server.login(user.email, password?.[2] ?? "")).user.id).toBe(user.id);
    const old = await server.request({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: user.password } });
    expect(old.statusCode).toBe(401);
    expect((await server.request({ method: "GET", url: `/api/users/${user.id}`, token: user.token })).statusCode).toBe(401);
  });

  it("says so and changes nothing for an email no active user has", async () => {
    const removed = await server.createUser();
    await server.request({ method: "DELETE", url: `/api/users/${removed.id}`, token: await server.adminToken() });
    for (const email of ["nobody@atendo.test", removed.email]) {
      const { lines, output } = capture();
      expect(await resetPasswordCommand(server.ctx.database, email, output, commandLineEvents(server.ctx.database))).toBe(1);
      expect(lines.err).toEqual([`No active user has the email ${email}. Nothing was changed.`]);
      expect(lines.out).toEqual([]);
    }
  });

  it("reads its command line strictly", () => {
    expect(parseAdminCommand(["reset-password", "a@b.test"])).toEqual({ name: "reset-password", email: "a@b.test" });
    expect(parseAdminCommand(["help"])).toEqual({ name: "help" });
    for (const args of [[], ["reset-password"], ["reset-password", "a@b.test", "extra"], ["drop-everything"]]) {
      expect(parseAdminCommand(args), args.join(" ")).toEqual({ name: "usage-error" });
    }
  });
});

describe("npm run admin -- reset-password on the embedded PostgreSQL", () => {
  const dataDir = makeDataDir("atendo-admin-cli-");
  const email = "locked.out@atendo.test";
  const env = { EMBEDDED_POSTGRES_DIR: join(dataDir, "postgres"), PGLITE_DIR: join(dataDir, "db"), ADMIN_EMAIL: email, ADMIN_PASSWORD: "" };
  const running: SpawnedServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (server: SpawnedServer, password: string) =>
    fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
  const newPassword = (stdout: string) => /New password for \S+: (\S+)/.exec(stdout)?.[1] ?? "";

  it("works through the running server, and on its own once the server is stopped", async () => {
    const first = await spawnServer(env, { dataDir });
    running.push(first);
    const generated = /First admin created: \S+ \/ (\S+)/.exec(first.output)?.[1] ?? "";
    expect(generated).not.toBe("");

    // While Atendo runs: through its embedded server, no second server on the folder.
    const live = await npmRun("admin", ["reset-password", email], env);
    expect(live.stderr).toBe("");
    expect(live.code).toBe(0);
    const livePassword = newPassword(live.stdout);
    expect(livePassword).toHaveLength(16);
    expect((await login(first, livePassword)).status).toBe(200);
    expect((await login(first, generated)).status).toBe(401);

    running.splice(running.indexOf(first), 1);
    await first.stop();
    // Stopped: the command starts the embedded server for the moment, and stops it again.
    const stopped = await npmRun("admin", ["reset-password", email], env);
    expect(stopped.stderr).toBe("");
    expect(stopped.code).toBe(0);
    const password = newPassword(stopped.stdout);
    expect(password).toHaveLength(16);

    const second = await spawnServer(env, { dataDir });
    running.push(second);
    expect((await login(second, password)).status).toBe(200);
    expect((await login(second, livePassword)).status).toBe(401);
    // Two server starts and two commands, each a fresh process: a bound for a loaded machine, not a wait.
  }, 300_000);

  it("names the folder it looked in when there is no database there", async () => {
    const missing = join(dataDir, "elsewhere");
    const result = await npmRun("admin", ["reset-password", email], { ...env, EMBEDDED_POSTGRES_DIR: missing, PGLITE_DIR: join(missing, "db") });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`No database in ${missing}`);
  }, 60_000);
});
