import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectEmbedded, postmasterOf } from "../../test/embedded-folder.js";
import { startOutageLoad, lostOrDoubled } from "../../test/outage-load.js";
import { apiConnection, login } from "../../test/spawned-api.js";
import { makeDataDir, spawnServer, type SpawnedServer } from "../../test/spawn-server.js";
import { waitFor } from "../../test/wait-for.js";
import { processAlive } from "./process-alive.js";

const admin = { email: "crash@atendo.test", password: "crash-password" };
const dataDir = makeDataDir("atendo-pg-crash-");
const embeddedDir = join(dataDir, "postgres");
const running: SpawnedServer[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop().catch(() => undefined)));
});

// Issue 35: the embedded PostgreSQL killed under a running, loaded Atendo (docs/decisions/0100).
describe("the embedded PostgreSQL killed with SIGKILL under load", { timeout: 180_000 }, () => {
  it("answers 503 ERR_DATABASE_UNAVAILABLE meanwhile, restarts it itself, and loses no acknowledged message", async () => {
    const server = await spawnServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, { dataDir });
    running.push(server);
    const token = await login(server.baseUrl, admin);
    const connection = await apiConnection(server.baseUrl, token, "Crash API");
    const load = startOutageLoad({ baseUrl: server.baseUrl, connection, token });
    try {
      await waitFor(() => load.acknowledged.size >= 50, "50 messages acknowledged before the kill", 60_000);
      const killed = postmasterOf(embeddedDir)!;
      process.kill(killed.pid, "SIGKILL");

      // Atendo starts a new postmaster on the same folder and port (crash recovery), by itself.
      await waitFor(
        () => {
          const now = postmasterOf(embeddedDir);
          return now !== undefined && now.pid !== killed.pid && processAlive(now.pid);
        },
        "a new postmaster on the folder",
        60_000,
      );
      expect(postmasterOf(embeddedDir)!.port).toBe(killed.port);
      const before = load.successes();
      await waitFor(() => load.successes() >= before + 30, "30 requests answered after the restart", 60_000);
      expect(load.outageAnswers()).toBeGreaterThan(0);
      expect(processAlive(server.pid)).toBe(true);
    } finally {
      await load.stop();
    }
    expect(load.unexpected).toEqual([]);

    const client = await connectEmbedded(embeddedDir);
    try {
      expect(await lostOrDoubled((text, values) => client.query(text, values), connection.id, load.acknowledged)).toEqual({ lost: [], doubled: [] });
    } finally {
      await client.end();
    }
    // A clean stop still stops PostgreSQL, and the watchdog does not start it again (stop() checks its postmaster.pid is gone).
    running.splice(running.indexOf(server), 1);
    await server.stop();
  });
});
