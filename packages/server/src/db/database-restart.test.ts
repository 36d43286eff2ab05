import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startOutageLoad, lostOrDoubled } from "../test/outage-load.js";
import { apiConnection, login } from "../test/spawned-api.js";
import { spawnServer, type SpawnedServer } from "../test/spawn-server.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../test/throwaway-postgres.js";
import { waitFor } from "../test/wait-for.js";

const admin = { email: "restart@atendo.test", password: "restart-password" };
let postgres: ThrowawayPostgres | undefined;
let server: SpawnedServer | undefined;

afterAll(async () => {
  await server?.stop().catch(() => undefined);
  await postgres?.stop();
});

async function readiness(baseUrl: string): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${baseUrl}/api/ready`);
  return { status: response.status, error: ((await response.json()) as { error?: string }).error };
}

// Issue 35: the operator's PostgreSQL server (DATABASE_URL) restarted under a running, loaded Atendo (docs/decisions/0100).
describe("the PostgreSQL server at DATABASE_URL restarted under load", { timeout: 180_000 }, () => {
  it("answers 503 ERR_DATABASE_UNAVAILABLE while it is down, reconnects by itself, and loses no acknowledged message", async () => {
    postgres = await startThrowawayPostgres();
    server = await spawnServer({ DATABASE_URL: postgres.url, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const { baseUrl } = server;
    const token = await login(baseUrl, admin);
    const connection = await apiConnection(baseUrl, token, "Restart API");
    const load = startOutageLoad({ baseUrl, connection, token });
    try {
      await waitFor(() => load.acknowledged.size >= 50, "50 messages acknowledged before the restart", 60_000);
      await postgres.restart(async () => {
        // Down: every request, readiness included, says so with the code, the senders' among them.
        const outageSoFar = load.outageAnswers();
        await waitFor(() => load.outageAnswers() >= outageSoFar + 10, "503 answers while the server is down", 30_000);
        expect(await readiness(baseUrl)).toEqual({ status: 503, error: "ERR_DATABASE_UNAVAILABLE" });
      });
      const before = load.successes();
      await waitFor(() => load.successes() >= before + 30, "30 requests answered after the restart", 60_000);
      expect(await readiness(baseUrl)).toEqual({ status: 200, error: undefined });
    } finally {
      await load.stop();
    }
    expect(load.unexpected).toEqual([]);

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      expect(await lostOrDoubled((text, values) => client.query(text, values), connection.id, load.acknowledged)).toEqual({ lost: [], doubled: [] });
    } finally {
      await client.end();
    }
  });
});
