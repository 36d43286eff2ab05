import type { Connection, Queue, SimulatorConversation } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrap } from "../../bootstrap.js";
import { demoConnectionName, demoGreeting, demoQueueName } from "../../channels/demo-connection.js";
import { createConnection, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";

/** A first start as `npm start` does it: demo on, channels started. */
let server: TestServer;
let admin: string;
let demo: Connection;
beforeAll(async () => {
  server = await createTestServer({ DEMO_CONNECTION: "true" });
  await server.ctx.channels.startAll();
  server.jobs.start();
  admin = await server.adminToken();
  const all = (await server.request({ method: "GET", url: "/api/whatsapp", token: admin })).json() as Connection[];
  demo = all[0]!;
});
afterAll(() => server.close());

function simulate(payload: object, token: string | undefined = admin, connectionId = demo.id) {
  return server.request({ method: "POST", url: `/api/simulator/${connectionId}/messages`, token, payload });
}

async function conversation(number: string): Promise<SimulatorConversation> {
  const response = await server.request({ method: "GET", url: `/api/simulator/${demo.id}/messages?number=${number}`, token: admin });
  expect(response.statusCode).toBe(200);
  return response.json() as SimulatorConversation;
}

describe("the demo connection", () => {
  it("exists on a first start: the default API connection, routed to a greeting Support queue the admin belongs to", async () => {
    expect(demo).toMatchObject({ name: demoConnectionName, kind: "api", isDefault: true, status: "CONNECTED", webhookUrl: null });
    const queues = (await server.request({ method: "GET", url: "/api/queue", token: admin })).json() as Queue[];
    const support = queues.find((q) => q.name === demoQueueName)!;
    expect(support).toMatchObject({ greetingMessage: demoGreeting, users: [{ name: "Administrator" }] });
    expect(demo.destinations).toEqual([{ destinationType: "queue", destinationTypeId: support.id }]);
  });

  it("is created once: not again on the next start, nor after it was deleted", async () => {
    expect((await bootstrap(server.ctx)).createdDemo).toBe(false);
    const elsewhere = await createTestServer({ DEMO_CONNECTION: "true" });
    try {
      const token = await elsewhere.adminToken();
      const [only] = (await elsewhere.request({ method: "GET", url: "/api/whatsapp", token })).json() as Connection[];
      expect((await elsewhere.request({ method: "DELETE", url: `/api/whatsapp/${only!.id}`, token })).json()).toEqual({ ok: true });
      expect((await bootstrap(elsewhere.ctx)).createdDemo).toBe(false);
      expect((await elsewhere.request({ method: "GET", url: "/api/whatsapp", token })).json()).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe("the customer simulator", () => {
  it("refuses anonymous users and attendants", async () => {
    const calls = [
      { method: "POST", url: `/api/simulator/${demo.id}/messages`, payload: { name: "Ana", number: uniqueNumber(), body: "hi" } },
      { method: "GET", url: `/api/simulator/${demo.id}/messages?number=${uniqueNumber()}` },
    ] as const;
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, calls, (await server.createUser()).token, 403, "ERR_NO_PERMISSION");
  });

  it("runs the whole loop: the customer writes, is greeted, an attendant answers, the reply shows as sent", async () => {
    const number = uniqueNumber();
    const written = await simulate({ name: "Ana Cliente", number, body: "Do you ship abroad?" });
    expect(written.statusCode).toBe(201);
    const { ticketId } = written.json();
    const reply = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "Yes, we do!" } });
    expect(reply.statusCode).toBe(201);

    const seen = await conversation(number);
    expect(seen.ticket).toMatchObject({ id: ticketId, status: "pending", contact: { name: "Ana Cliente", number } });
    expect(seen.messages.map((m) => [m.fromMe, m.body, m.ack])).toEqual([
      [false, "Do you ship abroad?", 0],
      [true, demoGreeting, 1],
      [true, "Yes, we do!", 1],
    ]);
  });

  it("sends a file as the customer (multipart) and keeps the conversation per number", async () => {
    const number = uniqueNumber();
    const form = multipart([
      { name: "name", value: "Bruno" },
      { name: "number", value: number },
      { name: "body", value: "my receipt" },
      { name: "file", file: pngBytes, fileName: "receipt.png", type: "image/png" },
    ]);
    const response = await server.request({ method: "POST", url: `/api/simulator/${demo.id}/messages`, token: admin, ...form });
    expect(response.statusCode).toBe(201);
    const [first] = (await conversation(number)).messages;
    expect(first).toMatchObject({ body: "my receipt", mediaType: "image", fileName: "receipt.png" });
    expect(await conversation(uniqueNumber())).toEqual({ ticket: null, messages: [] });
  });

  it("validates what the customer writes and works with API connections only", async () => {
    expect((await simulate({ name: "Ana", number: "123", body: "hi" })).statusCode).toBe(400);
    expect((await simulate({ name: "Ana", number: uniqueNumber(), body: " " })).statusCode).toBe(400);
    const queue = await createQueue(server, admin);
    const whatsapp = await createConnection(server, admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
    const refused = await simulate({ name: "Ana", number: uniqueNumber(), body: "hi" }, admin, whatsapp.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe("ERR_NO_WAPP_FOUND");
  });
});
