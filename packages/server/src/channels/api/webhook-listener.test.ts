import { signedText, type Connection, type Message, type MessagePage } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { users } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { openTestDatabase } from "../../test/test-database.js";
import { startReceiver, validSignature, webhookDeliveriesOf } from "../../test/webhook-receiver.js";
import { webhookRetry } from "./webhook-listener.js";

let server: TestServer;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function hooked(on: TestServer, token: string): Promise<Connection> {
  const queue = await createQueue(on, token);
  return createConnection(on, token, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
}

async function reply(on: TestServer, token: string, connection: Connection, body = "Reply"): Promise<Message> {
  const { ticketId } = await inbound(on, connection);
  const response = await on.request({ method: "POST", url: `/api/messages/${ticketId}`, token, payload: { body } });
  expect(response.statusCode).toBe(201);
  return (response.json() as { messages: Message[] }).messages[0]!;
}

async function current(on: TestServer, token: string, message: Message): Promise<Message | undefined> {
  const page = (await on.request({ method: "GET", url: `/api/messages/${message.ticketId}`, token })).json() as MessagePage;
  return page.messages.find((m) => m.id === message.id);
}

const deliveriesOf = (on: TestServer, messageId: number) => webhookDeliveriesOf(on.ctx.db, messageId);

describe("webhook listener", () => {
  it("POSTs each reply to the webhook, signed with the connection's secret; 2xx marks it sent", async () => {
    const connection = await hooked(server, admin);
    receiver.answerWith(() => ({ status: 200, body: { externalId: "gw-77" } }));
    const message = await reply(server, admin, connection, "Your order shipped");
    expect(await current(server, admin, message)).toMatchObject({ ack: 0, failed: false });

    const [owed] = await deliveriesOf(server, message.id);
    const before = receiver.received.length;
    expect(await server.ctx.eventOutbox.runOnce()).toBe(1);
    const [received] = receiver.received.slice(before);
    expect(validSignature(connection.webhookSecret!, received!.rawBody, received!.headers["x-atendo-signature"])).toBe(true);
    expect(validSignature("another secret", received!.rawBody, received!.headers["x-atendo-signature"])).toBe(false);
    expect(received!.headers["x-atendo-event"]).toBe("message");
    expect(received!.headers["x-atendo-delivery"]).toBe(String(owed!.id));
    expect(received!.payload).toEqual({
      event: "message",
      deliveryId: owed!.id,
      connectionId: connection.id,
      messageId: message.id,
      externalId: `atendo-${message.id}`,
      ticketId: message.ticketId,
      to: { number: expect.stringMatching(/^\d+$/), name: "Customer", isGroup: false },
      body: "Your order shipped",
      mediaType: "chat",
      media: null,
      quotedExternalId: null,
      timestamp: message.createdAt,
    });
    expect(await current(server, admin, message)).toMatchObject({ ack: 1, failed: false });
    expect(await deliveriesOf(server, message.id), "done: nothing left owed").toEqual([]);

    // The id the receiver answered names the message from now on.
    const ack = await server.request({
      method: "POST",
      url: `/api/channels/${connection.id}/acks`,
      headers: { authorization: `Bearer ${connection.apiToken}` },
      payload: { externalId: "gw-77", ack: 3 },
    });
    expect(ack.statusCode).toBe(200);
    expect((await current(server, admin, message))?.ack).toBe(3);
  });

  it("signs a reply in plain text, without the internal extension: the receiver gets no WhatsApp markup (issue 28)", async () => {
    const ana = await server.createUser({ name: "Ana Souza" });
    await server.ctx.db.update(users).set({ extension: "201" }).where(eq(users.id, ana.id));
    const connection = await createConnection(server, admin, { destinationType: "users", destinationItem: ana.id, webhookUrl: receiver.url });
    receiver.answerWith(() => ({ status: 200 }));
    const message = await reply(server, ana.token, connection, signedText("Your order shipped", { name: "Ana Souza", extension: "201" }));
    const before = receiver.received.length;
    expect(await server.ctx.eventOutbox.runOnce()).toBe(1);
    expect(receiver.received.slice(before).map((r) => (r.payload.event === "message" ? r.payload.body : r.payload.event))).toEqual(["Ana Souza\nYour order shipped"]);
    expect(message.body).toBe("Ana Souza\nYour order shipped");
  });

  it("retries a failing webhook at its own pace (10 s × 3ⁿ), then marks the message failed after the 6th attempt", async () => {
    const connection = await hooked(server, admin);
    receiver.answerWith(() => ({ status: 500 }));
    const message = await reply(server, admin, connection);
    const waits = [10_000, 30_000, 90_000, 270_000, 810_000];
    expect(webhookRetry.maxAttempts).toBe(waits.length + 1);
    const before = receiver.received.length;
    let now = new Date();
    for (let attempt = 1; attempt <= webhookRetry.maxAttempts; attempt++) {
      expect(await server.ctx.eventOutbox.runOnce(now), `attempt ${attempt}`).toBe(1);
      const [delivery] = await deliveriesOf(server, message.id);
      expect(delivery).toMatchObject({ attempts: attempt, lastError: "Error: HTTP 500" });
      if (attempt < webhookRetry.maxAttempts) {
        expect(delivery?.status).toBe("pending");
        expect(delivery!.nextAttemptAt.getTime() - now.getTime(), `wait after attempt ${attempt}`).toBe(waits[attempt - 1]);
        expect(await server.ctx.eventOutbox.runOnce(now)).toBe(0); // not due yet
        expect(await current(server, admin, message)).toMatchObject({ ack: 0, failed: false });
        now = delivery!.nextAttemptAt;
      }
    }
    expect((await deliveriesOf(server, message.id))[0]?.status).toBe("failed");
    expect(await current(server, admin, message)).toMatchObject({ ack: 0, failed: true });
    expect(await server.ctx.eventOutbox.runOnce(new Date(now.getTime() + 86_400_000))).toBe(0);
    const posted = receiver.received.slice(before);
    expect(posted).toHaveLength(webhookRetry.maxAttempts);
    expect(new Set(posted.map((r) => r.payload.deliveryId)).size, "one delivery id across its attempts").toBe(1);
  });

  it("serves a reply's file to the receiver with the connection's token only", async () => {
    const connection = await hooked(server, admin);
    receiver.answerWith(() => ({ status: 204 }));
    const { ticketId } = await inbound(server, connection);
    const form = multipart([{ name: "medias", file: pngBytes, fileName: "label.png", type: "image/png" }]);
    const sent = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, ...form });
    expect(sent.statusCode).toBe(201);
    const before = receiver.received.length;
    await server.ctx.eventOutbox.runOnce();
    const payload = receiver.received[before]!.payload;
    expect(payload).toMatchObject({ event: "message", mediaType: "image", media: { mimeType: "image/png", fileName: "label.png" } });
    const url = payload.event === "message" ? payload.media!.url : "";
    expect(url).toMatch(new RegExp(`^/api/channels/${connection.id}/media/`));
    const file = await server.request({ method: "GET", url, headers: { authorization: `Bearer ${connection.apiToken}` } });
    expect(file.rawPayload.equals(pngBytes)).toBe(true);
    expect((await server.request({ method: "GET", url, token: admin })).statusCode).toBe(401);
  });

  it("tells the webhook about a deleted reply", async () => {
    const connection = await hooked(server, admin);
    receiver.answerWith(() => ({ status: 200 }));
    const message = await reply(server, admin, connection);
    await server.ctx.eventOutbox.runOnce();
    expect((await server.request({ method: "DELETE", url: `/api/messages/${message.id}`, token: admin, payload: { ticketId: message.ticketId } })).json()).toEqual({ ok: true });
    const before = receiver.received.length;
    expect(await server.ctx.eventOutbox.runOnce()).toBe(1);
    expect(receiver.received[before]?.payload).toMatchObject({ event: "delete", messageId: message.id, externalId: `atendo-${message.id}` });
    expect(receiver.received[before]?.headers["x-atendo-event"]).toBe("delete");
    expect(await current(server, admin, message)).toMatchObject({ isDeleted: true });
  });
});

describe("webhook listener across a restart", () => {
  it("delivers, after a restart, what was still pending: nothing is lost", async () => {
    const database = await openTestDatabase();
    try {
      const first = await createTestServer({}, { database });
      const token = await first.adminToken();
      const connection = await hooked(first, token);
      receiver.answerWith(() => ({ status: 503 }));
      const message = await reply(first, token, connection);
      const failedAt = receiver.received.length;
      expect(await first.ctx.eventOutbox.runOnce()).toBe(1);
      await first.close();

      receiver.answerWith(() => ({ status: 200 }));
      const second = await createTestServer({}, { database });
      const before = receiver.received.length;
      expect(await second.ctx.eventOutbox.runOnce(new Date(Date.now() + 60_000))).toBe(1);
      expect(receiver.received[before]?.payload).toMatchObject({ messageId: message.id, deliveryId: receiver.received[failedAt]!.payload.deliveryId });
      expect(await current(second, await second.adminToken(), message)).toMatchObject({ ack: 1, failed: false });
      expect(await deliveriesOf(second, message.id)).toEqual([]);
      await second.close();
    } finally {
      await database.close();
    }
  });
});
