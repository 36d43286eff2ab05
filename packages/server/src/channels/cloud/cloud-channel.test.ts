import type { Connection, MessagePage, SessionResponse } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudServiceWindows, connections, messages } from "../../db/schema/index.js";
import { createConnection, uniqueNumber } from "../../test/channel-fixtures.js";
import { cloudWebhookBody, customerMessage, hubSignature, messageStatus, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { waitFor } from "../../test/wait-for.js";

let graph: FakeGraphApi;
let server: TestServer;
let admin: string;
let cloud: Connection;
const appSecret = "app-secret-of-the-test";
const verifyToken = "verify-token-of-the-test";

beforeAll(async () => {
  graph = await startFakeGraphApi();
  server = await createTestServer({ WHATSAPP_CLOUD_API_URL: graph.baseUrl });
  admin = await server.adminToken();
  const queue = await createQueue(server, admin, { greetingMessage: "" });
  // The default connection is everyone's to use: the Cloud one is not it (the guards below).
  await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, isDefault: true });
  const response = await server.request({
    method: "POST",
    url: "/api/whatsapp",
    token: admin,
    payload: {
      name: "Cloud",
      kind: "whatsapp_cloud",
      destinationType: "queue",
      destinationItem: queue.id,
      cloud: { phoneNumberId: graph.phoneNumberId, businessAccountId: graph.businessAccountId, accessToken: graph.accessToken, appSecret, verifyToken },
    },
  });
  expect(response.statusCode).toBe(201);
  cloud = response.json() as Connection;
  await waitFor(async () => (await statusOf()) === "CONNECTED", "the token checked at start");
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

async function statusOf(): Promise<string | undefined> {
  const [row] = await server.ctx.db.select({ status: connections.status }).from(connections).where(eq(connections.id, cloud.id));
  return row?.status;
}

function webhook(body: object, signature: string | null = hubSignature(appSecret, JSON.stringify(body))) {
  return server.request({
    method: "POST",
    url: `/api/channels/whatsapp-cloud/${cloud.id}/webhook`,
    headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    payload: JSON.stringify(body),
  });
}

/** The customer writes `messages`; each answered 200; the stored rows by Meta's ids. */
async function customerWrites(from: string, ...items: Record<string, unknown>[]) {
  const response = await webhook(cloudWebhookBody(graph, { contacts: [{ wa_id: from, name: "Maria Cloud" }], messages: items }));
  expect(response.statusCode, response.body).toBe(200);
  return Promise.all(items.map(async (item) => (await server.ctx.db.select().from(messages).where(eq(messages.externalId, String(item.id))))[0]));
}

/** The head of a WAV file, enough for content sniffing. */
function wavBytes(): Buffer {
  const wav = Buffer.alloc(64);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(56, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16);
  return wav;
}

/** The head of an MP4 file (its ftyp box), enough for content sniffing. */
function mp4Bytes(): Buffer {
  const box = Buffer.alloc(64);
  box.writeUInt32BE(24, 0);
  box.write("ftypmp42", 4, "latin1");
  box.write("isommp42", 16, "latin1");
  return box;
}

async function page(ticketId: number, token = admin): Promise<MessagePage> {
  const response = await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token });
  expect(response.statusCode).toBe(200);
  return response.json() as MessagePage;
}

describe("Cloud API webhook: verification and signatures", () => {
  it("answers Meta's challenge only with the connection's verify token", async () => {
    const url = (token: string, id = cloud.id) => `/api/channels/whatsapp-cloud/${id}/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await server.request({ method: "GET", url: url(verifyToken) });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    for (const wrong of [url("wrong-token-x"), url(verifyToken, 999_999), `/api/channels/whatsapp-cloud/${cloud.id}/webhook?hub.challenge=1`]) {
      const refused = await server.request({ method: "GET", url: wrong });
      expect(refused.statusCode, wrong).toBe(401);
      expect(refused.json().error).toBe("ERR_INVALID_CHANNEL_TOKEN");
    }
  });

  it("refuses a POST without a valid X-Hub-Signature-256 and stores nothing", async () => {
    const item = customerMessage(uniqueNumber(), "text", { text: { body: "forged" } });
    const body = cloudWebhookBody(graph, { messages: [item] });
    for (const signature of [null, "sha256=00", hubSignature("another-secret", JSON.stringify(body)), hubSignature(appSecret, "{}")]) {
      const response = await webhook(body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("ERR_INVALID_CHANNEL_TOKEN");
    }
    expect(await server.ctx.db.select().from(messages).where(eq(messages.externalId, String(item.id)))).toEqual([]);
  });
});

describe("Cloud API webhook: customers' messages", () => {
  it("stores every kind the product shows, with media downloaded through the media endpoint", async () => {
    const from = uniqueNumber();
    const [first] = await customerWrites(from, customerMessage(from, "text", { text: { body: "Hello there" } }));
    expect(first).toMatchObject({ body: "Hello there", mediaType: "chat", fromMe: false });
    const image = graph.addMedia(pngBytes, "image/png");
    const audio = graph.addMedia(wavBytes(), "audio/wav");
    const video = graph.addMedia(mp4Bytes(), "video/mp4");
    const pdf = graph.addMedia(Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), "application/pdf");
    const rows = await customerWrites(
      from,
      customerMessage(from, "image", { image: { id: image, mime_type: "image/png", caption: "my receipt" } }),
      customerMessage(from, "audio", { audio: { id: audio, mime_type: "audio/wav" } }),
      customerMessage(from, "video", { video: { id: video, mime_type: "video/mp4", caption: "unboxing" } }),
      customerMessage(from, "document", { document: { id: pdf, mime_type: "application/pdf", filename: "invoice.pdf" } }),
      customerMessage(from, "location", { location: { latitude: -22.9, longitude: -43.2, name: "Shop", address: "Rua A, 1" } }),
      customerMessage(from, "contacts", { contacts: [{ name: { formatted_name: "João Silva" }, phones: [{ phone: "+55 21 99999-0000", wa_id: "5521999990000" }] }] }),
      customerMessage(from, "text", { text: { body: "about this" } }, { context: { from, id: first!.externalId } }),
      customerMessage(from, "reaction", { reaction: { message_id: first!.externalId, emoji: "👍" } }),
    );
    const [img, aud, vid, doc, loc, card, reply, reaction] = rows;
    expect(vid).toMatchObject({ mediaType: "video", body: "unboxing" });
    expect(img).toMatchObject({ mediaType: "image", body: "my receipt", mimeType: "image/png" });
    expect(img!.mediaName).toBeTruthy();
    expect(aud).toMatchObject({ mediaType: "audio" });
    expect(doc).toMatchObject({ mediaType: "document", fileName: "invoice.pdf" });
    expect(loc).toMatchObject({ mediaType: "location" });
    expect(loc!.body).toContain("maps.google.com/maps?q=-22.9%2C-43.2");
    expect(loc!.body).toContain("Shop|Rua A, 1");
    expect(card).toMatchObject({ mediaType: "vcard" });
    expect(card!.body).toContain("FN:João Silva");
    expect(card!.body).toContain("waid=5521999990000");
    expect(reply!.quotedMsgId).toBe(first!.id);
    expect(reaction).toMatchObject({ body: "👍", quotedMsgId: first!.id });
    const shown = await page(first!.ticketId);
    expect(shown.ticket.contact.name).toBe("Maria Cloud");
    expect(shown.messages).toHaveLength(9);
    expect(Date.parse(shown.serviceWindowEndsAt!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it("stores a redelivered message once", async () => {
    const from = uniqueNumber();
    const item = customerMessage(from, "text", { text: { body: "only once" } });
    await customerWrites(from, item);
    await customerWrites(from, item);
    expect(await server.ctx.db.select().from(messages).where(and(eq(messages.externalId, String(item.id)), eq(messages.connectionId, cloud.id)))).toHaveLength(1);
  });
});

describe("Cloud API: sending", () => {
  it("sends text, quoted replies and files (uploaded to Meta first); statuses move the acks; a failed status marks it failed", async () => {
    const from = uniqueNumber();
    const [first] = await customerWrites(from, customerMessage(from, "text", { text: { body: "Hi" } }));
    const ticketId = first!.ticketId;
    const text = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "How can I help?", quotedMsg: { id: first!.id } } });
    expect(text.statusCode, text.body).toBe(201);
    const sentText = graph.sent.at(-1)!;
    expect(sentText).toMatchObject({ to: from, type: "text" });
    expect(sentText.body).toMatchObject({ text: { body: expect.stringContaining("How can I help?") }, context: { message_id: first!.externalId } });
    const [stored] = await server.ctx.db.select().from(messages).where(eq(messages.externalId, sentText.id));
    expect(stored).toMatchObject({ fromMe: true, ack: 0 });

    const form = multipart([{ name: "medias", file: pngBytes, fileName: "photo.png", type: "image/png" }, { name: "body", value: "the photo" }]);
    const file = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, ...form });
    expect(file.statusCode, file.body).toBe(201);
    const sentFile = graph.sent.at(-1)!;
    expect(sentFile.type).toBe("image");
    const mediaId = (sentFile.body.image as { id: string }).id;
    expect(graph.uploads.get(mediaId)).toMatchObject({ mimeType: "image/png", size: pngBytes.length });

    for (const [status, ack] of [["sent", 1], ["delivered", 3], ["read", 4]] as const) {
      expect((await webhook(cloudWebhookBody(graph, { statuses: [messageStatus(sentText.id, status, from)] }))).statusCode).toBe(200);
      const [row] = await server.ctx.db.select({ ack: messages.ack }).from(messages).where(eq(messages.externalId, sentText.id));
      expect(row!.ack).toBe(ack);
    }
    const failure = messageStatus(sentFile.id, "failed", from, [{ code: 131053, title: "Media upload error", error_data: { details: "Unsupported media" } }]);
    expect((await webhook(cloudWebhookBody(graph, { statuses: [failure] }))).statusCode).toBe(200);
    const [failed] = await server.ctx.db.select({ id: messages.id, failed: messages.failed }).from(messages).where(eq(messages.externalId, sentFile.id));
    expect(failed!.failed).toBe(true);
    // The attendant sees why: Meta's code, title and details on the failed message.
    const listed = (await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: admin })).json() as MessagePage;
    expect(listed.messages.find((m) => m.id === failed!.id)).toMatchObject({ failed: true, failureReason: "131053 Media upload error Unsupported media" });
    expect(listed.messages.find((m) => m.body.includes("How can I help?"))).toMatchObject({ failed: false, failureReason: null });
  });
});

describe("Cloud API: the 24-hour window and templates", () => {
  it("refuses free text outside the window and sends an approved template with its variables", async () => {
    const from = uniqueNumber();
    const [first] = await customerWrites(from, customerMessage(from, "text", { text: { body: "Yesterday's question" } }));
    const ticketId = first!.ticketId;
    await server.ctx.db
      .update(cloudServiceWindows)
      .set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) })
      .where(and(eq(cloudServiceWindows.connectionId, cloud.id), eq(cloudServiceWindows.number, from)));
    const shown = await page(ticketId);
    expect(Date.parse(shown.serviceWindowEndsAt!)).toBeLessThan(Date.now());
    const sentBefore = graph.sent.length;
    const refused = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "Late answer" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("ERR_SERVICE_WINDOW_CLOSED");
    expect(graph.sent.length).toBe(sentBefore);

    const list = await server.request({ method: "GET", url: `/api/connections/${cloud.id}/templates`, token: admin });
    expect(list.statusCode, list.body).toBe(200);
    const { templates, syncedAt } = list.json() as { templates: { id: number; name: string; status: string; bodyVariables: number; headerVariables: number }[]; syncedAt: string };
    expect(syncedAt).toBeTruthy();
    expect(templates.map((t) => t.name)).toEqual(["order_update", "pending_one", "welcome_back"]);
    const order = templates.find((t) => t.name === "order_update")!;
    expect(order).toMatchObject({ headerVariables: 1, bodyVariables: 2 });
    const pending = templates.find((t) => t.name === "pending_one")!;

    const send = (payload: object) => server.request({ method: "POST", url: `/api/messages/${ticketId}/template`, token: admin, payload });
    expect((await send({ templateId: pending.id })).json().error).toBe("ERR_NO_TEMPLATE_FOUND");
    expect((await send({ templateId: order.id, bodyParameters: ["Maria"] })).statusCode).toBe(400);
    const sent = await send({ templateId: order.id, headerParameters: ["#42"], bodyParameters: ["Maria", "on its way"] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().messages[0].body).toBe("Order #42\n\nHello Maria, your order is on its way.\n\nAtendo shop");
    expect(graph.sent.at(-1)!.body).toMatchObject({
      to: from,
      type: "template",
      template: {
        name: "order_update",
        language: { code: "en_US" },
        components: [
          { type: "header", parameters: [{ type: "text", text: "#42" }] },
          { type: "body", parameters: [{ type: "text", text: "Maria" }, { type: "text", text: "on its way" }] },
        ],
      },
    });

    // The customer answers: the window opens again and free text goes.
    await customerWrites(from, customerMessage(from, "text", { text: { body: "Thanks!" } }));
    const again = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "You're welcome" } });
    expect(again.statusCode).toBe(201);
  });

  it("guards the template routes: anonymous, attendants who may not use the connection, admins", async () => {
    const attendant = await server.createUser();
    const urls = [`/api/connections/${cloud.id}/templates`, `/api/connections/${cloud.id}/templates/sync`];
    for (const url of urls) {
      const method = url.endsWith("sync") ? "POST" : "GET";
      expect((await server.request({ method, url })).statusCode).toBe(401);
      const forbidden = await server.request({ method, url, token: attendant.token });
      expect(forbidden.statusCode).toBe(403);
      expect((await server.request({ method, url, token: admin })).statusCode).toBe(200);
    }
    expect((await server.request({ method: "POST", url: `/api/messages/1/template`, payload: { templateId: 1 } })).statusCode).toBe(401);
    // An attendant with the connection as theirs lists its templates; a ticket they cannot write in is refused.
    await server.request({ method: "PUT", url: `/api/users/${attendant.id}`, token: admin, payload: { whatsappId: cloud.id } });
    const session = (await server.login(attendant.email, attendant.password)) as SessionResponse;
    expect((await server.request({ method: "GET", url: urls[0]!, token: session.token })).statusCode).toBe(200);
    const from = uniqueNumber();
    const [first] = await customerWrites(from, customerMessage(from, "text", { text: { body: "hi" } }));
    const templates = (await server.request({ method: "GET", url: urls[0]!, token: admin })).json().templates as { id: number; name: string }[];
    const welcome = templates.find((t) => t.name === "welcome_back")!;
    const other = await server.createUser();
    const refused = await server.request({ method: "POST", url: `/api/messages/${first!.ticketId}/template`, token: other.token, payload: { templateId: welcome.id } });
    expect([403, 404]).toContain(refused.statusCode);
  });
});

describe("Cloud API: the token's validity", () => {
  it("turns the connection TIMEOUT with the reason when Meta answers 401, and CONNECTED again once the token works", async () => {
    graph.refuseToken = true;
    try {
      await server.ctx.channels.start(cloud.id, "whatsapp_cloud");
      await waitFor(async () => (await statusOf()) === "TIMEOUT", "TIMEOUT on a refused token");
      const [row] = await server.ctx.db.select({ detail: connections.qrcode }).from(connections).where(eq(connections.id, cloud.id));
      expect(row!.detail).toContain("HTTP 401");
    } finally {
      graph.refuseToken = false;
    }
    await server.ctx.channels.start(cloud.id, "whatsapp_cloud");
    await waitFor(async () => (await statusOf()) === "CONNECTED", "CONNECTED again");
  });
});
