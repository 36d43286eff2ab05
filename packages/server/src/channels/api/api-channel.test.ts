import type { Connection, MessagePage } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound, postInbound, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { pngBytes, pngOfSize } from "../../test/media-samples.js";

let server: TestServer;
let admin: string;
let api: Connection;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  const queue = await createQueue(server, admin, { greetingMessage: "" });
  api = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
});
afterAll(() => server.close());

async function page(ticketId: number): Promise<MessagePage> {
  const response = await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: admin });
  expect(response.statusCode).toBe(200);
  return response.json() as MessagePage;
}

function ack(payload: object, connection: Pick<Connection, "id" | "apiToken"> = api) {
  return server.request({
    method: "POST",
    url: `/api/channels/${connection.id}/acks`,
    headers: { authorization: `Bearer ${connection.apiToken}` },
    payload,
  });
}

describe("API channel: authentication", () => {
  it("refuses a missing, wrong or foreign token with 401 ERR_INVALID_CHANNEL_TOKEN before reading the body", async () => {
    const queue = await createQueue(server, admin);
    const other = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    const user = await server.createUser();
    const wrongTokens = [undefined, "nope", other.apiToken, user.token, admin];
    for (const token of wrongTokens) {
      for (const url of [`/api/channels/${api.id}/messages`, `/api/channels/${api.id}/acks`, `/api/channels/${api.id}/media/x.png`]) {
        const response = await server.request({
          method: url.includes("media") ? "GET" : "POST",
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          // An invalid body: the 401 must come first.
          payload: url.includes("media") ? undefined : { junk: true },
        });
        expect(response.statusCode, `${url} ${token}`).toBe(401);
        expect(response.json().error).toBe("ERR_INVALID_CHANNEL_TOKEN");
      }
    }
  });

  it("does not accept a token on an unknown or WhatsApp connection", async () => {
    const response = await postInbound(server, { id: 999_999, apiToken: api.apiToken });
    expect(response.statusCode).toBe(401);
    const queue = await createQueue(server, admin);
    const whatsapp = await createConnection(server, admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
    expect(whatsapp.apiToken).toBeNull();
    expect((await postInbound(server, { id: whatsapp.id, apiToken: api.apiToken })).json().error).toBe("ERR_INVALID_CHANNEL_TOKEN");
  });

  it("refuses the old token as soon as the secrets are regenerated", async () => {
    const queue = await createQueue(server, admin);
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    expect((await postInbound(server, connection)).statusCode).toBe(201);
    const rotated = await server.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: admin, payload: { regenerateSecrets: true } });
    expect((await postInbound(server, connection)).statusCode).toBe(401);
    expect((await postInbound(server, rotated.json())).statusCode).toBe(201);
  });
});

describe("API channel: inbound messages", () => {
  it("refuses bad bodies with a catalogued 400 and stores nothing", async () => {
    const bad = [
      { externalId: "" },
      { from: { number: "12" } },
      { from: { number: "call me" } },
      { body: "   " },
      { timestamp: "yesterday" },
      { media: { data: "not base64!", mimeType: "image/png" } },
      { externalId: "x".repeat(limits.externalIdMax + 1) },
    ];
    for (const body of bad) {
      const response = await postInbound(server, api, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe("ERR_MISSING_VALUES");
    }
    const count = await server.request({ method: "GET", url: `/api/tickets/count?whatsappId=${api.id}`, token: admin });
    expect(count.json()).toEqual({ count: 0 });
  });

  it("stores a message: contact by normalised number, pending ticket in the queue, unread 1", async () => {
    const number = uniqueNumber();
    const stored = await inbound(server, api, { from: { number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`, name: "Maria" }, body: "Oi!" });
    expect(stored.duplicate).toBe(false);
    const { messages, ticket, hasMore } = await page(stored.ticketId);
    expect(hasMore).toBe(false);
    expect(ticket).toMatchObject({ status: "pending", userId: null, whatsappId: api.id, lastMessage: "Oi!", unreadMessages: 1, isGroup: false });
    expect(ticket.contact).toMatchObject({ name: "Maria", number });
    expect(messages).toEqual([
      expect.objectContaining({ id: stored.messageId, body: "Oi!", fromMe: false, mediaType: "chat", ack: 0, failed: false, contact: { id: ticket.contactId, name: "Maria", number } }),
    ]);
  });

  it("is idempotent: a redelivered message answers 200 duplicate and changes nothing", async () => {
    const body = { externalId: uniqueExternalId(), from: { number: uniqueNumber() }, body: "once" };
    const first = await postInbound(server, api, body);
    const again = await postInbound(server, api, { ...body, body: "twice?" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), duplicate: true });
    const { messages, ticket } = await page(first.json().ticketId);
    expect(messages.map((m) => m.body)).toEqual(["once"]);
    expect(ticket.unreadMessages).toBe(1);
  });

  it("keeps one active ticket per contact: the next message joins it, quoting works by external id", async () => {
    const number = uniqueNumber();
    const first = await inbound(server, api, { from: { number }, body: "first", externalId: "q-1" });
    const second = await inbound(server, api, { from: { number }, body: "second", quotedExternalId: "q-1" });
    expect(second.ticketId).toBe(first.ticketId);
    const { messages, ticket } = await page(first.ticketId);
    expect(ticket.unreadMessages).toBe(2); // only its owner's reading resets it; it has none
    expect(messages[1]?.quotedMsg).toMatchObject({ id: first.messageId, body: "first", fromMe: false });
  });

  it("stores a file sent as base64 under a unique name, typed by its content", async () => {
    const stored = await inbound(server, api, { body: "", media: { data: pngBytes.toString("base64"), mimeType: "application/octet-stream", fileName: "shot.png" } });
    const [message] = (await page(stored.ticketId)).messages;
    expect(message).toMatchObject({ mediaType: "image", mimeType: "image/png", fileName: "shot.png", body: "" });
    expect(message?.mediaUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}\.png$/);
    const file = await server.request({ method: "GET", url: message!.mediaUrl!, token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.equals(pngBytes)).toBe(true);
  });

  it("refuses a file that claims to be media but is not (415) and media over 16 MB (413)", async () => {
    const fake = await postInbound(server, api, { media: { data: Buffer.from("just text").toString("base64"), mimeType: "image/jpeg" } });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe("FILE_NOT_SUPPORTED");
    const big = await postInbound(server, api, { media: { data: pngOfSize(limits.mediaBytes + 1).toString("base64"), mimeType: "image/png" } });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");
  });
});

describe("API channel: acks", () => {
  async function sentMessage() {
    const stored = await inbound(server, api);
    const response = await server.request({ method: "POST", url: `/api/messages/${stored.ticketId}`, token: admin, payload: { body: "Reply" } });
    expect(response.statusCode).toBe(201);
    return (response.json() as { messages: Array<{ id: number; ticketId: number }> }).messages[0]!;
  }

  async function ackOf(message: { id: number; ticketId: number }) {
    return (await page(message.ticketId)).messages.find((m) => m.id === message.id)?.ack;
  }

  it("moves an outgoing message's ack forward, by external id or message id, never back", async () => {
    const message = await sentMessage();
    expect(await ackOf(message)).toBe(1); // no webhook: marked sent at once
    expect((await ack({ externalId: `atendo-${message.id}`, ack: 3 })).json()).toEqual({ ok: true });
    expect(await ackOf(message)).toBe(3);
    expect((await ack({ messageId: message.id, ack: 1 })).statusCode).toBe(200);
    expect(await ackOf(message)).toBe(3);
    expect((await ack({ messageId: message.id, ack: 4 })).statusCode).toBe(200);
    expect(await ackOf(message)).toBe(4);
  });

  it("answers 404 ERR_NO_MESSAGE_FOUND for an unknown message and 400 for a bad ack", async () => {
    expect((await ack({ externalId: "never-sent", ack: 3 })).json().error).toBe("ERR_NO_MESSAGE_FOUND");
    expect((await ack({ messageId: 999_999, ack: 3 })).statusCode).toBe(404);
    expect((await ack({ externalId: "x", ack: 2 })).statusCode).toBe(400);
    expect((await ack({ externalId: "x", messageId: 1, ack: 3 })).statusCode).toBe(400);
  });
});

describe("API channel: reference", () => {
  it("is documented in the OpenAPI document", async () => {
    const doc = (await server.request({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/channels/{connectionId}/messages", "/api/channels/{connectionId}/acks", "/api/channels/{connectionId}/media/{name}"]),
    );
    const inbound = doc.paths["/api/channels/{connectionId}/messages"].post;
    expect(Object.keys(inbound.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["externalId", "from", "body", "media", "quotedExternalId", "timestamp"]),
    );
  });
});
