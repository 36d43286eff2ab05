import type { Connection, Message } from "@atendo/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnershipLocks } from "../../../channels/ownership.js";
import { localLocks } from "../../../channels/ownership.js";
import type { Database } from "../../../db/client.js";
import { messages } from "../../../db/schema/index.js";
import { domainEvent } from "../../../events/domain-events.js";
import { runRecovery } from "../../../jobs/recovery.js";
import { createConnection, inbound, postInbound, uniqueNumber } from "../../../test/channel-fixtures.js";
import { fakeDrivers } from "../../../test/fake-driver.js";
import { createQueue } from "../../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../../test/harness.js";
import { openTestDatabase } from "../../../test/test-database.js";
import { startReceiver, webhookDeliveriesOf } from "../../../test/webhook-receiver.js";
import { recordHandOver } from "./dispatch.js";

let database: Database;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  database = await openTestDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await database.close();
  await receiver.close();
});

async function hooked(server: TestServer, token: string, greeting = ""): Promise<Connection> {
  const queue = await createQueue(server, token, { greetingMessage: greeting });
  return createConnection(server, token, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
}

const rowsOf = (server: TestServer, ticketId: number) =>
  server.ctx.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(asc(messages.id));
const deliveriesOf = (server: TestServer, messageId: number) => webhookDeliveriesOf(server.ctx.db, messageId);

/**
 * The process dies between the commit and the hand-over to the channel: publishing the write's
 * domain events (the one step in between) is made to throw, so the request ends there. (A
 * listener that throws would not do: the bus keeps it from failing the write.)
 */
async function dyingAfterCommit<T>(server: TestServer, act: () => Promise<T>): Promise<T> {
  const publish = server.ctx.events.publish;
  server.ctx.events.publish = () => Promise.reject(new Error("process killed"));
  try {
    return await act();
  } finally {
    server.ctx.events.publish = publish;
  }
}

/** A second instance (or the restarted one) on the same database, its channels running. */
async function restarted(options: Parameters<typeof createTestServer>[1] = {}): Promise<TestServer> {
  const server = await createTestServer({}, { database, ...options });
  await server.ctx.channels.startAll();
  return server;
}

describe("durable outbound", () => {
  it("delivers, after a restart, a reply committed but never handed to its channel, and only once", async () => {
    const first = await createTestServer({}, { database });
    const token = await first.adminToken();
    const connection = await hooked(first, token);
    const { ticketId } = await inbound(first, connection);
    const crashed = await dyingAfterCommit(first, () => first.request({ method: "POST", url: `/api/messages/${ticketId}`, token, payload: { body: "Survives a crash" } }));
    expect(crashed.statusCode).toBe(500);
    const [stranded] = await rowsOf(first, ticketId);
    expect(stranded).toMatchObject({ body: "Survives a crash", ack: 0, failed: false, externalId: null });
    expect(stranded!.dispatchAt).toBeInstanceOf(Date);
    expect(await deliveriesOf(first, stranded!.id)).toEqual([]);
    await first.close();

    const second = await restarted();
    try {
      expect((await runRecovery(second.ctx)).dispatched).toBe(1);
      expect((await runRecovery(second.ctx, new Date(Date.now() + 3_600_000))).dispatched).toBe(0);
      expect(await deliveriesOf(second, stranded!.id)).toHaveLength(1);
      receiver.answerWith(() => ({ status: 200 }));
      const before = receiver.received.length;
      expect(await second.ctx.eventOutbox.runOnce()).toBe(1);
      expect(await second.ctx.eventOutbox.runOnce(new Date(Date.now() + 86_400_000))).toBe(0);
      expect(receiver.received.slice(before).map((r) => r.payload)).toEqual([expect.objectContaining({ event: "message", messageId: stranded!.id, body: "Survives a crash" })]);
      const [delivered] = await rowsOf(second, ticketId);
      expect(delivered).toMatchObject({ ack: 1, failed: false, externalId: `atendo-${stranded!.id}`, dispatchAt: null });
    } finally {
      await second.close();
    }
  });

  it("sends a new ticket's greeting after a crash even though the customer's redelivery is a no-op", async () => {
    const first = await createTestServer({}, { database });
    const token = await first.adminToken();
    const connection = await hooked(first, token, "Hi! An attendant will be with you shortly.");
    const customer = { externalId: `greet-${uniqueNumber()}`, from: { number: uniqueNumber(), name: "Ana" } };
    const crashed = await dyingAfterCommit(first, () => postInbound(first, connection, customer));
    expect(crashed.statusCode).toBe(500);
    const redelivered = await postInbound(first, connection, customer);
    expect(redelivered.json()).toMatchObject({ duplicate: true });
    const [greeting] = await rowsOf(first, (redelivered.json() as { ticketId: number }).ticketId);
    expect(greeting).toMatchObject({ mediaType: "chat-automatic", ack: 0, failed: false });
    expect(await deliveriesOf(first, greeting!.id)).toEqual([]);
    await first.close();

    const second = await restarted();
    try {
      await runRecovery(second.ctx);
      expect(await deliveriesOf(second, greeting!.id)).toMatchObject([{ event: "webhook.due", payload: { event: "message", messageId: greeting!.id }, status: "pending" }]);
    } finally {
      await second.close();
    }
  });
});

describe("a webhook delivery owed with the hand-over", () => {
  let hook: { server: TestServer; token: string; connection: Connection };
  beforeAll(async () => {
    const server = await restarted();
    const token = await server.adminToken();
    hook = { server, token, connection: await hooked(server, token) };
  });
  afterAll(() => hook.server.close());

  const replyOnNewTicket = async (body: string) => {
    const { server, token, connection } = hook;
    const { ticketId } = await inbound(server, connection);
    return { ticketId, sent: await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token, payload: { body } }) };
  };

  it("is owed once: a sender that lost its lease and hands the message over late owes nothing more", async () => {
    const { server, connection } = hook;
    const { ticketId, sent } = await replyOnNewTicket("Once");
    const message = (sent.json() as { messages: Message[] }).messages[0]!;
    expect(await deliveriesOf(server, message.id)).toHaveLength(1);
    // The first sender, whose lease another took meanwhile, finishes after it: the marker is already clear.
    const late = domainEvent("webhook.due", { connectionId: connection.id, messageId: message.id, event: "message" });
    await recordHandOver(server.ctx, message.id, { externalId: `atendo-${message.id}`, deliverLater: late });
    expect((await runRecovery(server.ctx)).dispatched).toBe(0);
    expect(await deliveriesOf(server, message.id)).toHaveLength(1);
    expect((await rowsOf(server, ticketId))[0]).toMatchObject({ dispatchAt: null, externalId: `atendo-${message.id}` });
  });

  it("is written with the hand-over: when the delivery cannot be kept, neither is", async () => {
    const { server } = hook;
    const keep = server.ctx.eventOutbox.keep;
    server.ctx.eventOutbox.keep = () => Promise.reject(new Error("outbox unavailable"));
    const { ticketId, sent } = await replyOnNewTicket("Not owed").finally(() => {
      server.ctx.eventOutbox.keep = keep;
    });
    expect(sent.json()).toMatchObject({ error: "ERR_SENDING_WAPP_MSG" });
    const [message] = await rowsOf(server, ticketId);
    expect(await deliveriesOf(server, message!.id)).toEqual([]);
    // Not recorded as handed over (no external id): shown as failed, nothing left to dispatch.
    expect(message).toMatchObject({ body: "Not owed", externalId: null, failed: true, dispatchAt: null });
  });
});

describe("durable outbound across instances", () => {
  /** Another instance owns every exclusive connection. */
  const ownedElsewhere: OwnershipLocks = { ...localLocks(), acquire: async () => false };

  it("leaves a reply written on a non-owner to the owner's sweep, which sends it once; nobody → failed after the wait", async () => {
    const ownerFakes = fakeDrivers();
    const owner = await restarted({ drivers: { whatsapp: ownerFakes.factory } });
    const other = await restarted({ drivers: { whatsapp: fakeDrivers().factory }, channels: { locks: ownedElsewhere } });
    try {
      const token = await owner.adminToken();
      const queue = await createQueue(owner, token);
      const connection = await createConnection(owner, token, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
      await other.ctx.channels.start(connection.id, "whatsapp");
      expect(other.ctx.channels.ownedElsewhere(connection.id)).toBe(true);
      const driver = ownerFakes.of(connection.id);
      await driver.events.onMessage({ externalId: "wa-1", chat: { number: uniqueNumber(), isGroup: false }, fromMe: false, body: "hi", mediaType: "chat", timestamp: new Date() });
      const [row] = await owner.ctx.db.select({ ticketId: messages.ticketId }).from(messages).where(eq(messages.externalId, "wa-1"));

      const reply = await other.request({ method: "POST", url: `/api/messages/${row!.ticketId}`, token, payload: { body: "From the other instance" } });
      expect(reply.statusCode).toBe(201);
      const message = (reply.json() as { messages: Message[] }).messages[0]!;
      expect(message).toMatchObject({ ack: 0, failed: false });
      expect(driver.sent).toEqual([]);
      expect((await runRecovery(other.ctx)).dispatched).toBe(0);

      expect((await runRecovery(owner.ctx)).dispatched).toBe(1);
      expect((await runRecovery(owner.ctx)).dispatched).toBe(0);
      expect(driver.sent.map((m) => [m.messageId, m.body])).toEqual([[message.id, "From the other instance"]]);
      expect((await rowsOf(owner, row!.ticketId)).at(-1)).toMatchObject({ externalId: `fake-${message.id}`, dispatchAt: null, failed: false });

      // The owner goes away and nobody takes over: after the wait the message shows as failed.
      await owner.ctx.channels.stop(connection.id);
      const orphan = (await other.request({ method: "POST", url: `/api/messages/${row!.ticketId}`, token, payload: { body: "Nobody sends me" } })).json() as { messages: Message[] };
      expect((await runRecovery(other.ctx)).dispatched).toBe(0);
      await runRecovery(other.ctx, new Date(Date.now() + 11 * 60_000));
      expect((await rowsOf(other, row!.ticketId)).at(-1)).toMatchObject({ id: orphan.messages[0]!.id, failed: true, dispatchAt: null, ack: 0 });
      expect(driver.sent).toHaveLength(1);
    } finally {
      await other.close();
      await owner.close();
    }
  });
});
