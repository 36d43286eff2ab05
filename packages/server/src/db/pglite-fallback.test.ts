import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ownershipLocksFor } from "../channels/ownership.js";
import { loadConfig } from "../config.js";
import { createTestServer } from "../test/harness.js";
import { makeDataDir } from "../test/spawn-server.js";
import { openAppDatabase, pgliteFallbackWarning } from "./app-database.js";

const dataDir = makeDataDir("atendo-fallback-");
const config = loadConfig({ EMBEDDED_POSTGRES_DIR: join(dataDir, "postgres"), PGLITE_DIR: join(dataDir, "db"), LOG_LEVEL: "silent" });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The one place PGlite remains: a platform embedded-postgres publishes no binary for.
describe("without a PostgreSQL binary for the platform", { timeout: 120_000 }, () => {
  it("runs on PGlite in PGLITE_DIR, saying at start-up what PGlite does not guarantee", async () => {
    const lines: string[] = [];
    const database = await openAppDatabase(config, { report: (line) => lines.push(line), findBinaries: async () => null });
    try {
      expect(lines).toEqual([pgliteFallbackWarning(config.PGLITE_DIR)]);
      expect(lines[0]).toMatch(/does not flush to disk .* does not stop a second Atendo .* Set DATABASE_URL/);
      expect(database).toMatchObject({ kind: "pglite", label: `PGlite in ${config.PGLITE_DIR}` });

      const server = await createTestServer({}, { database });
      expect((await server.login("admin@atendo.test", "admin-password")).user.profile).toBe("admin");
      // One process owns a PGlite folder: every connection's ownership lock is granted here.
      const locks = ownershipLocksFor(database, server.ctx.log);
      expect(await locks.acquire(1)).toBe(true);
      expect(await locks.acquire(1)).toBe(true);
      await locks.close();
      await server.close();
    } finally {
      await database.close();
    }
  });
});
