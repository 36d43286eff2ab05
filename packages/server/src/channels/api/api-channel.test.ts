import type { Connection, MessagePage } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createConnection, inbound, postInbound, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes, pngOfSize } from "../../test/media-samples.js";

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

describe("API channel: token guesses", () => {
  async function target() {
    const queue = await createQueue(server, admin, { greetingMessage: "" });
    return createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  }
  const from = (remoteAddress: string, connection: Pick<Connection, "id">, token: string | null) =>
    server.request({
      method: "POST",
      url: `/api/channels/${connection.id}/messages`,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { externalId: uniqueExternalId(), from: { number: uniqueNumber() }, body: "Hi" },
    });
  const guessFrom = async (remoteAddress: string, connection: Pick<Connection, "id">, times: number) => {
    for (let i = 0; i < times; i++) expect((await from(remoteAddress, connection, `guess-${i}`)).statusCode).toBe(401);
  };

  it("stop an address's wrong tokens after 20 for a connection (429 ERR_TOO_MANY_REQUESTS); its right token still gets in", async () => {
    const connection = await target();
    await guessFrom("203.0.113.7", connection, 20);
    const refused = await from("203.0.113.7", connection, "guess-21");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("ERR_TOO_MANY_REQUESTS");
    expect((await from("203.0.113.7", connection, connection.apiToken)).statusCode).toBe(201);
    expect((await from("203.0.113.8", connection, connection.apiToken)).statusCode).toBe(201);
  });

  it("behind a proxy without TRUST_PROXY (every caller one address), let the integrator in while a guesser is stopped", async () => {
    const connection = await target();
    const proxy = "10.0.0.1";
    await guessFrom(proxy, connection, 20);
    expect((await from(proxy, connection, "guess")).statusCode).toBe(429);
    expect((await from(proxy, connection, connection.apiToken)).statusCode).toBe(201);
    // Guessing across connections from the same address: the other connections' gateways too.
    const other = await target();
    await guessFrom(proxy, other, 20);
    await guessFrom(proxy, await target(), 10);
    expect((await from(proxy, other, "guess")).statusCode).toBe(429);
    expect((await from(proxy, other, other.apiToken)).statusCode).toBe(201);
  });

  it("stop an address guessing across connections after 50 wrong tokens", async () => {
    const [a, b, c, d] = await Promise.all([target(), target(), target(), target()]);
    await guessFrom("203.0.113.20", a!, 17);
    await guessFrom("203.0.113.20", b!, 17);
    await guessFrom("203.0.113.20", c!, 16);
    expect((await from("203.0.113.20", d!, "guess")).statusCode).toBe(429);
    expect((await from("203.0.113.21", d!, d!.apiToken)).statusCode).toBe(201);
  });

  it("stop, past 200 wrong tokens for one connection, every address that guessed on it, but not its integrator", async () => {
    const connection = await target();
    for (let n = 0; n < 20; n++) await guessFrom(`198.51.100.${n}`, connection, 10);
    expect((await from("198.51.100.0", connection, "guess")).statusCode).toBe(429);
    // A new address gets its first guess, and no second.
    expect((await from("198.51.100.200", connection, "guess")).statusCode).toBe(401);
    expect((await from("198.51.100.200", connection, "guess")).statusCode).toBe(429);
    // The gateway, which never sent a wrong token, is not locked out by strangers.
    expect((await from("192.0.2.50", connection, connection.apiToken)).statusCode).toBe(201);
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

describe("API channel: files as multipart/form-data", () => {
  const leftovers = () => readdirSync(server.ctx.config.MEDIA_DIR).filter((name) => name.endsWith(".upload"));
  type Part = Parameters<typeof multipart>[0][number];
  const postForm = (parts: Part[]) => {
    const form = multipart(parts);
    return server.request({ method: "POST", url: `/api/channels/${api.id}/messages`, headers: { ...form.headers, authorization: `Bearer ${api.apiToken}` }, payload: form.payload });
  };

  it("takes a document too large to send inline, streamed to disk and linked into place, never held as bytes", async () => {
    const document = Buffer.alloc(limits.channelInlineFileBytes + 4096, "a");
    const inline = await postInbound(server, api, { media: { data: document.toString("base64"), mimeType: "text/plain", fileName: "contract.txt" } });
    expect(inline.statusCode).toBe(413);
    expect(inline.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");

    const saveBuffer = vi.spyOn(server.ctx.media, "saveBuffer");
    const linkTemporary = vi.spyOn(server.ctx.media, "linkTemporary");
    try {
      const number = uniqueNumber();
      const response = await postForm([
        { name: "externalId", value: uniqueExternalId() },
        { name: "number", value: number },
        { name: "name", value: "Ana" },
        { name: "body", value: "The signed contract" },
        { name: "file", file: document, fileName: "contract.txt", type: "text/plain" },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      // The pipeline got a file on disk, not a buffer: no copy of the document in memory.
      expect(saveBuffer).not.toHaveBeenCalled();
      expect(linkTemporary).toHaveBeenCalledTimes(1);
      const { messages, ticket } = await page(response.json().ticketId);
      expect(ticket.contact).toMatchObject({ name: "Ana", number });
      expect(messages[0]).toMatchObject({ mediaType: "document", mimeType: "text/plain", fileName: "contract.txt", body: "The signed contract" });
      const file = await server.request({ method: "GET", url: messages[0]!.mediaUrl!, token: admin });
      expect(file.rawPayload.length).toBe(document.length);
      expect(leftovers()).toEqual([]);
    } finally {
      saveBuffer.mockRestore();
      linkTemporary.mockRestore();
    }
  });

  it("checks the form like the JSON body: fields, one `file`, content type and size; a redelivery is a no-op", async () => {
    const externalId = uniqueExternalId();
    const image = { name: "file", file: pngBytes, fileName: "shot.png", type: "image/png" };
    const first = await postForm([{ name: "externalId", value: externalId }, { name: "number", value: uniqueNumber() }, image]);
    expect(first.statusCode).toBe(201);
    const again = await postForm([{ name: "externalId", value: externalId }, { name: "number", value: uniqueNumber() }, image]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), duplicate: true });

    const refusals: Array<[Part[], number, string]> = [
      [[{ name: "number", value: uniqueNumber() }, image], 400, "ERR_MISSING_VALUES"],
      [[{ name: "externalId", value: uniqueExternalId() }, { name: "number", value: "12" }, image], 400, "ERR_MISSING_VALUES"],
      [[{ name: "externalId", value: uniqueExternalId() }, { name: "number", value: uniqueNumber() }], 400, "ERR_MISSING_VALUES"],
      [[{ name: "externalId", value: uniqueExternalId() }, { name: "number", value: uniqueNumber() }, { ...image, name: "media" }], 400, "ERR_MISSING_VALUES"],
      [[{ name: "externalId", value: uniqueExternalId() }, { name: "number", value: uniqueNumber() }, image, image], 413, "ERR_PAYLOAD_TOO_LARGE"],
      [[{ name: "externalId", value: uniqueExternalId() }, { name: "number", value: uniqueNumber() }, { ...image, file: Buffer.from("not a picture"), type: "image/jpeg" }], 415, "FILE_NOT_SUPPORTED"],
      [[{ name: "externalId", value: uniqueExternalId() }, { name: "number", value: uniqueNumber() }, { ...image, file: pngOfSize(limits.mediaBytes + 1) }], 413, "ERR_PAYLOAD_TOO_LARGE"],
    ];
    for (const [parts, status, code] of refusals) {
      const response = await postForm(parts);
      expect(response.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(status);
      expect(response.json().error).toBe(code);
    }
    expect(leftovers()).toEqual([]);
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
