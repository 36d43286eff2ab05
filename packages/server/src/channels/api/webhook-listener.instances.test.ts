import type { Connection, Message } from "@atendo/contracts";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";
import { startReceiver, webhookDeliveriesOf, type Received } from "../../test/webhook-receiver.js";

/**
 * Two instances of the app on one database, as behind a load balancer: the webhook is a durable
 * listener, so each delivery is POSTed by whichever instance claims it, never by both.
 */
let database: Database;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let first: TestServer;
let second: TestServer;
let token: string;
let connection: Connection;

const instance = () => createTestServer({}, { database, eventOutbox: { pollMs: 20 }, webhooks: { backoffMs: () => 50 } });

beforeAll(async () => {
  receiver = await startReceiver();
  database = await openTestDatabase();
  first = await instance();
  second = await instance();
  token = await first.adminToken();
  const queue = await createQueue(first, token, { greetingMessage: "" });
  connection = await createConnection(first, token, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
  // The API channel runs on every instance: a reply written on either is handed over there.
  await second.ctx.channels.startAll();
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
  await receiver.close();
});

/** A customer writes (through `on`) and the admin replies on a new ticket; the reply as answered. */
async function reply(on: TestServer, body: string): Promise<Message> {
  const { ticketId } = await inbound(on, connection);
  const response = await on.request({ method: "POST", url: `/api/messages/${ticketId}`, token, payload: { body } });
  expect(response.statusCode).toBe(201);
  return (response.json() as { messages: Message[] }).messages[0]!;
}

const acksOf = async (ids: number[]) => (await first.ctx.db.select({ ack: messages.ack }).from(messages).where(inArray(messages.id, ids))).map((row) => row.ack);

function byMessage(posts: readonly Received[]): Map<number, Received[]> {
  const grouped = new Map<number, Received[]>();
  for (const post of posts) grouped.set(post.payload.messageId, [...(grouped.get(post.payload.messageId) ?? []), post]);
  return grouped;
}

describe("webhooks across two instances on one database", () => {
  it("POSTs each of N replies written on either instance once, and one its receiver refused once more, with the same delivery id", async () => {
    const refusedOnce = new Set<number>();
    const accepted: number[] = [];
    // Every third message is refused on its first attempt (an outage), then taken.
    receiver.answerWith(({ payload }) => {
      if (payload.messageId % 3 === 0 && !refusedOnce.has(payload.messageId)) {
        refusedOnce.add(payload.messageId);
        return { status: 503 };
      }
      accepted.push(payload.messageId);
      return { status: 200 };
    });
    const runs = { first: 0, second: 0 };
    for (const [name, server] of [["first", first], ["second", second]] as const) {
      const run = server.ctx.events.runDurable.bind(server.ctx.events);
      server.ctx.events.runDurable = (...args) => (runs[name]++, run(...args));
    }
    const before = receiver.received.length;
    first.ctx.eventOutbox.start();
    second.ctx.eventOutbox.start();
    try {
      const n = 24;
      const sent = await Promise.all(Array.from({ length: n }, (_, i) => reply(i % 2 === 0 ? first : second, `Reply ${i}`)));
      const ids = sent.map((message) => message.id);
      await waitFor(async () => (await acksOf(ids)).every((ack) => ack >= 1), "every reply to be taken by the receiver", 20_000);

      const posts = byMessage(receiver.received.slice(before));
      expect([...posts.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      for (const id of ids) {
        const attempts = posts.get(id)!;
        expect(attempts, `POSTs of message ${id}`).toHaveLength(id % 3 === 0 ? 2 : 1);
        expect(new Set(attempts.map((post) => post.payload.deliveryId)).size, `delivery ids of message ${id}`).toBe(1);
      }
      expect(refusedOnce.size).toBeGreaterThan(0);
      expect(accepted.sort((a, b) => a - b), "each taken exactly once").toEqual([...ids].sort((a, b) => a - b));
      const deliveryIds = [...posts.values()].map((attempts) => attempts[0]!.payload.deliveryId);
      expect(new Set(deliveryIds).size, "one delivery id per message").toBe(n);
      // A delivery's row is deleted once its listener returned, a moment after the receiver's ack was written.
      const owed = async () => (await Promise.all(ids.map((id) => webhookDeliveriesOf(first.ctx.db, id)))).flat();
      await waitFor(async () => (await owed()).length === 0, "nothing owed for any reply", 20_000);
      expect(runs.first > 0 && runs.second > 0, `both instances delivered (${runs.first} + ${runs.second})`).toBe(true);
    } finally {
      await Promise.all([first.ctx.eventOutbox.stop(), second.ctx.eventOutbox.stop()]);
    }
  });

  it("makes, on the other instance once the lease ends, the deliveries an instance claimed and died with", async () => {
    receiver.answerWith(() => ({ status: 200 }));
    const sent = [await reply(first, "Orphan 1"), await reply(first, "Orphan 2"), await reply(second, "Orphan 3")];
    const ids = sent.map((message) => message.id);
    const owed = (await Promise.all(ids.map((id) => webhookDeliveriesOf(first.ctx.db, id)))).flat();
    expect(owed).toHaveLength(3);

    // The first instance claims every due delivery, then dies before it POSTs any (its runs never end).
    first.ctx.events.runDurable = () => new Promise<never>(() => undefined);
    void first.ctx.eventOutbox.runOnce();
    await waitFor(async () => (await Promise.all(ids.map((id) => webhookDeliveriesOf(first.ctx.db, id)))).flat().every((row) => row.attempts === 1), "the claim");
    const before = receiver.received.length;
    expect(await second.ctx.eventOutbox.runOnce(), "leased to the first instance").toBe(0);
    expect(receiver.received.length).toBe(before);

    expect(await second.ctx.eventOutbox.runOnce(new Date(Date.now() + 60_001))).toBe(3);
    const posts = receiver.received.slice(before);
    expect(posts.map((post) => post.payload.messageId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(posts.map((post) => post.payload.deliveryId).sort((a, b) => a - b)).toEqual(owed.map((row) => row.id).sort((a, b) => a - b));
    expect(await acksOf(ids)).toEqual([1, 1, 1]);
    expect(await second.ctx.eventOutbox.runOnce(new Date(Date.now() + 3_600_000)), "nothing left to make").toBe(0);
  });
});
