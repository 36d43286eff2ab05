import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../db/schema/index.js";
import { inbound, uniqueNumber } from "../../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../../test/harness.js";
import { connectionTo, createUra, to } from "../../../test/routing-fixtures.js";
import { createQueue } from "../../../test/fixtures.js";
import { dispatchTogether } from "./dispatch-together.js";
import { redispatchDue } from "./dispatch.js";

// Routing's texts dispatched together (docs/decisions/0102): one claim for a batch, yet each
// text handed to its channel once, whoever else (another batch, the recovery sweep) reaches for
// it at the same moment — what a crash right after the step's commit leaves behind.

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

describe("dispatching routing's texts together", () => {
  it("hands each text over once when a batch, a second batch and the recovery sweep reach for them at once", async () => {
    const queue = await createQueue(server, admin, { greetingMessage: "Hello from the queue" });
    const menu = await createUra(server, admin, to("queue", queue.id));
    const connection = await connectionTo(server, admin, to("uras", menu.id));
    const ticketIds = [];
    for (let i = 0; i < 6; i++) ticketIds.push((await inbound(server, connection, { from: { number: uniqueNumber() }, body: "Hi" })).ticketId);
    const texts = await server.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inArray(messages.ticketId, ticketIds), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id));
    expect(texts).toHaveLength(6);
    // As a crash right after the step's commit leaves them: written, due, never handed over.
    await server.ctx.db
      .update(messages)
      .set({ dispatchAt: new Date(Date.now() - 1000), ack: 0, externalId: null })
      .where(
        inArray(
          messages.id,
          texts.map((text) => text.id),
        ),
      );

    const driver = server.ctx.channels.driverFor(connection.id);
    const send = driver.send.bind(driver);
    const sends = new Map<number, number>();
    driver.send = (message) => {
      sends.set(message.messageId, (sends.get(message.messageId) ?? 0) + 1);
      return send(message);
    };
    const announce = async () => undefined;
    const items = texts.map(({ id }) => ({ id, connectionId: connection.id, announce }));
    const [first, second] = await Promise.all([dispatchTogether(server.ctx, items), dispatchTogether(server.ctx, [...items].reverse()), redispatchDue(server.ctx)]);
    driver.send = send;

    expect([...sends.values()]).toEqual(texts.map(() => 1));
    expect(texts.every(({ id }) => sends.has(id))).toBe(true);
    // What one batch handed over, the other left untouched.
    for (const { id } of texts) expect([first.get(id)?.row, second.get(id)?.row].filter(Boolean).length).toBeLessThanOrEqual(1);
    const after = await server.ctx.db
      .select({ ack: messages.ack, dispatchAt: messages.dispatchAt, failed: messages.failed })
      .from(messages)
      .where(
        inArray(
          messages.id,
          texts.map((text) => text.id),
        ),
      );
    expect(after.every((row) => row.ack === 1 && row.dispatchAt === null && !row.failed)).toBe(true);
  });
});
