import type { Connection } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, createUra, menuRows, to } from "../../test/routing-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";

/**
 * What routing costs in statements sent to the database (BEGIN/COMMIT included): nothing on the
 * steady path (a conversation already with an attendant), a bounded few per menu step.
 */
let statements: string[] | null = null;
let database: Database;
let server: TestServer;
let admin: string;
let owner: { id: number };

beforeAll(async () => {
  database = await openTestDatabase({ onStatement: (sql) => statements?.push(sql) });
  server = await createTestServer({}, { database });
  admin = await server.adminToken();
  owner = await server.createUser({ name: "Owner" });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

async function counted(act: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  try {
    await act();
    return statements;
  } finally {
    statements = null;
  }
}

/** Statements for one more message of a customer whose conversation `start` already began. */
async function nextMessageCost(connection: Connection, start: string[]): Promise<string[]> {
  const number = uniqueNumber();
  for (const body of start) await inbound(server, connection, { from: { number }, body });
  return counted(() => inbound(server, connection, { from: { number }, body: "one more thing" }));
}

describe("routing's cost", () => {
  it("adds no statement to a message of a conversation already routed (menu walked, close code on)", async () => {
    const plain = await connectionTo(server, admin, to("users", owner.id));
    const queue = await createQueue(server, admin);
    const menu = await createUra(server, admin, to("queue", queue.id), { ...menuRows(["1", "Owner", to("users", owner.id)]) });
    const routed = await connectionTo(server, admin, to("uras", menu.id), { canCloseTicketByMessage: true, closeCode: "#" });
    const baseline = await nextMessageCost(plain, ["hi"]);
    const afterMenu = await nextMessageCost(routed, ["hi", "1"]);
    expect(afterMenu.length).toBe(baseline.length);
  });

  it("answers a menu step in a bounded number of statements", async () => {
    const queue = await createQueue(server, admin, { greetingMessage: "Hello" });
    const menu = await createUra(server, admin, to("queue", queue.id), { ...menuRows(["1", "Queue", to("queue", queue.id)]) });
    const connection = await connectionTo(server, admin, to("uras", menu.id));
    const number = uniqueNumber();
    await inbound(server, connection, { from: { number }, body: "hi" });
    const plainMessage = await nextMessageCost(await connectionTo(server, admin, to("queue", queue.id)), ["hi"]);
    const step = await counted(() => inbound(server, connection, { from: { number }, body: "1" }));
    // The answer itself is stored as any message; the step: BEGIN, the ticket locked, the menu,
    // the queue, the ticket moved, the greeting written, COMMIT, then the ticket presented for the
    // event and the greeting announced and handed to the channel; and, now that it waits in a
    // queue, automatic assignment's look for a queue that assigns (none here: decision 0079).
    expect(step.length - plainMessage.length).toBeLessThanOrEqual(13);
  });
});
