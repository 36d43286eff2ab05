import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { makeDataDir, spawnServer, type SpawnedServer } from "./test/spawn-server.js";

const email = "first.admin@atendo.test";
// Both starts share this data folder (their embedded PostgreSQL), as two `npm start` runs on one machine do.
const dataDir = makeDataDir("atendo-first-start-");
const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: "" };
const running: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<SpawnedServer> {
  const server = await spawnServer(env, { dataDir });
  running.push(server);
  return server;
}

async function stop(server: SpawnedServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.stop();
}

/** The lines a start printed on stdout (the log's JSON lines aside). */
function startLines(output: string): string[] {
  return output.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("{"));
}

function login(server: SpawnedServer, password: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

// Each test starts a real process (on the first, the embedded PostgreSQL's creation and migrations) and waits for it to say it
// is running. That takes seconds on an idle machine and far longer on a loaded one: the limit only
// catches a hang, it is not a speed target (issue 11: 30 s was not enough under load).
describe("first start without ADMIN_PASSWORD", { timeout: 300_000 }, () => {
  let password = "";

  it("creates the admin with a generated password printed once, which signs in", async () => {
    const server = await start();
    const printed = [...server.output.matchAll(/First admin created: (\S+) \/ (\S+)/g)];
    expect(printed).toHaveLength(1);
    expect(printed[0]?.[1]).toBe(email);
    password = printed[0]?.[2] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(16);
    const response = await login(server, password);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { profile: string } }).user.profile).toBe("admin");
    await stop(server);
  });

  it("neither prints again nor creates another admin on the next start with the same database", async () => {
    expect(password).not.toBe("");
    const server = await start();
    expect(server.output).not.toContain("First admin created");
    // A start says what each long step is doing, in order, instead of seconds of silence (issue 28).
    expect(startLines(server.output)).toEqual([
      "Loading the server…",
      `Starting the embedded PostgreSQL in ${dataDir}/postgres…`,
      "Applying database migrations…",
      "Preparing the routes, the live updates and the jobs…",
      "Starting the connections…",
      expect.stringMatching(/^Atendo is running on http:\/\/localhost:\d+ /),
    ]);
    const response = await login(server, password);
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const about = await fetch(`${server.baseUrl}/api/about`, { headers: { authorization: `Bearer ${token}` } });
    expect(await about.json()).toMatchObject({ usersCount: 1, administrators: 1 });
    await stop(server);
  });
});
