import { makeWASocket } from "baileys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { openTestDatabase } from "../../test/test-database.js";
import { driverHarness } from "../../test/fake-baileys.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("WhatsApp driver on the real Baileys socket", () => {
  it("accepts the database auth state and treats an unreachable server as a drop to retry", async () => {
    // Nothing listens on port 9: the real socket fails to connect and closes, as on a network drop.
    const h = await driverHarness(database.db, { makeSocket: makeWASocket, socketOptions: { waWebSocketUrl: "ws://127.0.0.1:9/ws/chat" } });
    await h.driver.start();
    await h.changes.until(() => h.attempts.length >= 2 || undefined, "two reconnect attempts");
    await h.driver.stop();
    expect(h.attempts.slice(0, 2)).toEqual([1, 2]);
    expect(h.events.statuses().every((s) => s === "OPENING")).toBe(true);
  });
});
