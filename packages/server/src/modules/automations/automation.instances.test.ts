import type { Connection } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { createRule, createTag, runsOf, ticketOf } from "../../test/automation-fixtures.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";
import { automationTriggersSlot } from "./automation-cache.js";

/**
 * Two instances of the app on one database, as behind a load balancer: the rules are a durable
 * listener, so each event's rules run on whichever instance claims its outbox row, never on both.
 */
let database: Database;
let first: TestServer;
let second: TestServer;
let token: string;
let connection: Connection;

const instance = () => createTestServer({}, { database, eventOutbox: { pollMs: 20 } });

beforeAll(async () => {
  database = await openTestDatabase();
  first = await instance();
  second = await instance();
  token = await first.adminToken();
  const queue = await createQueue(first, token, { greetingMessage: "" });
  connection = await createConnection(first, token, { destinationType: "queue", destinationItem: queue.id });
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
});

describe("automation rules across two instances on one database", () => {
  it("runs each rule once per event, whichever instance wrote it and whichever claims it", async () => {
    const tag = await createTag(first, token);
    const rule = await createRule(first, token, {
      conditions: [{ field: "connectionId", op: "is", value: connection.id }],
      actions: [{ type: "addTag", tagId: tag.id }, { type: "addNote", body: "once" }],
    });
    // The second instance hears of the rule by its periodic re-read (here: called once).
    expect(second.ctx.slots.get(automationTriggersSlot).has("messageReceived")).toBe(false);
    await second.ctx.slots.get(automationTriggersSlot).refresh();
    const runs = { first: 0, second: 0 };
    for (const [name, server] of [["first", first], ["second", second]] as const) {
      const run = server.ctx.events.runDurable.bind(server.ctx.events);
      server.ctx.events.runDurable = (...args) => (runs[name]++, run(...args));
    }
    const tickets: number[] = [];
    for (let i = 0; i < 12; i++) tickets.push((await inbound(i % 2 ? first : second, connection, { body: `message ${i}` })).ticketId);
    first.ctx.eventOutbox.start();
    second.ctx.eventOutbox.start();
    await waitFor(async () => (await runsOf(first, token, rule.id)).length >= 12, "12 runs");
    await first.ctx.eventOutbox.stop();
    await second.ctx.eventOutbox.stop();

    const logged = await runsOf(first, token, rule.id);
    expect(logged).toHaveLength(12);
    expect(new Set(logged.map((run) => run.ticketId))).toEqual(new Set(tickets));
    expect(logged.every((run) => run.result === "done")).toBe(true);
    for (const ticketId of tickets) expect((await ticketOf(first, token, ticketId)).tags).toMatchObject([{ id: tag.id }]);
    const notes = await first.ctx.db.execute(`select ticket_id, count(*)::int as n from ticket_notes where body = 'once' group by ticket_id`);
    const rows = (Array.isArray(notes) ? notes : (notes as { rows: unknown[] }).rows) as { n: number }[];
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    expect(runs.first + runs.second).toBeGreaterThanOrEqual(12);
  });
});
