/**
 * The Telegram channel against the fake Bot API (test/fakes/telegram-fake.ts), wired as app.ts
 * wires it, through the real pipeline and database: long polling, every inbound kind, sending,
 * redelivery, the offset kept across a restart, and a refused token.
 */
import { channelIdentity, type Connection, type Message } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, contacts, messages, tickets } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { failNewContacts, refused } from "../../test/failing-inbound.js";
import { TelegramFake, type FakeChat } from "../../test/fakes/telegram-fake.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { waitFor } from "../../test/wait-for.js";

const TOKEN = "123456:AAH-fake-token-for-atendo-tests-0001";
const fake = new TelegramFake();
let server: TestServer;
let admin: string;
let connection: Connection;
let chatSeq = 7000;
const newChat = (firstName = "Ana"): FakeChat => ({ id: ++chatSeq, firstName, lastName: "Costa" });

beforeAll(async () => {
  await fake.start();
  fake.bot(TOKEN, "atendo_shop_bot");
  server = await createTestServer({ TELEGRAM_API_URL: fake.url }, { telegram: { pollTimeoutSeconds: 1, retryDelayMs: () => 20 }, channels: { inboundRetryDelaysMs: [1, 5] } });
  admin = await server.adminToken();
  const queue = await createQueue(server, admin);
  connection = await createConnection(server, admin, { kind: "telegram", telegram: { botToken: TOKEN }, destinationType: "queue", destinationItem: queue.id });
  await waitFor(async () => (await read(connection.id)).status === "CONNECTED", "CONNECTED");
});
afterAll(async () => {
  await server.close();
  await fake.stop();
});

async function read(id: number): Promise<Connection> {
  return (await server.request({ method: "GET", url: `/api/whatsapp/${id}`, token: admin })).json() as Connection;
}

async function stored(externalId: string) {
  await waitFor(async () => (await server.ctx.db.select().from(messages).where(eq(messages.externalId, externalId))).length > 0, `message ${externalId}`);
  return (await server.ctx.db.select().from(messages).where(eq(messages.externalId, externalId)))[0]!;
}

/** A customer's message, stored: its row. */
async function customer(chat: FakeChat, fields: Record<string, unknown>) {
  const update = fake.customerSends(TOKEN, chat, fields);
  return stored(`${chat.id}:${update.message.message_id}`);
}

async function mediaBytes(row: { mediaName: string | null }): Promise<string> {
  return (await readFile(server.ctx.media.path(row.mediaName!))).toString();
}

describe("Telegram channel (long polling)", () => {
  it("checks the token with getMe, keeps the bot's @username and clears a webhook before polling", async () => {
    const view = await read(connection.id);
    expect(view.telegram).toEqual({ botUsername: "atendo_shop_bot", botTokenSet: true });
    const calls = fake.bot(TOKEN).calls;
    expect(calls.slice(0, 3)).toEqual(["getMe", "deleteWebhook", "getUpdates"]);
  });

  it("stores a private chat's text under a Telegram identity with the customer's name", async () => {
    const chat = newChat();
    const row = await customer(chat, { text: "Olá, preciso de ajuda" });
    expect(row).toMatchObject({ body: "Olá, preciso de ajuda", mediaType: "chat", fromMe: false });
    const [ticket] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
    const [contact] = await server.ctx.db.select().from(contacts).where(eq(contacts.id, ticket!.contactId!));
    expect(contact).toMatchObject({ number: channelIdentity("telegram", chat.id), name: "Ana Costa" });
  });

  it("downloads photos (the largest size), documents, voice notes, audio and video through getFile", async () => {
    const chat = newChat();
    const small = fake.file(Buffer.from("small photo"), "s.jpg");
    const large = fake.file(Buffer.from("large photo"), "l.jpg");
    const photo = await customer(chat, {
      caption: "the broken part",
      photo: [
        { ...small, width: 90, height: 90 },
        { ...large, width: 1280, height: 960 },
      ],
    });
    expect(photo).toMatchObject({ mediaType: "image", body: "the broken part" });
    expect(await mediaBytes(photo)).toBe("large photo");

    const pdf = await customer(chat, { document: { ...fake.file(Buffer.from("%PDF-1.4 invoice"), "invoice.pdf"), file_name: "invoice.pdf", mime_type: "application/pdf" } });
    expect(pdf).toMatchObject({ mediaType: "document" });
    expect(await mediaBytes(pdf)).toBe("%PDF-1.4 invoice");

    const voice = await customer(chat, { voice: { ...fake.file(Buffer.from("OggS voice"), "v.oga"), duration: 3, mime_type: "audio/ogg" } });
    expect(voice).toMatchObject({ mediaType: "audio" });
    expect(await mediaBytes(voice)).toBe("OggS voice");

    const audio = await customer(chat, { audio: { ...fake.file(Buffer.from("ID3 song"), "song.mp3"), duration: 100, mime_type: "audio/mpeg", file_name: "song.mp3" } });
    expect(audio).toMatchObject({ mediaType: "audio" });

    const video = await customer(chat, { video: { ...fake.file(Buffer.from("mp4 clip"), "c.mp4"), width: 640, height: 480, duration: 5, mime_type: "video/mp4" } });
    expect(video).toMatchObject({ mediaType: "video" });
    expect(await mediaBytes(video)).toBe("mp4 clip");
  });

  it("carries locations and shared contacts as the other channels write them", async () => {
    const chat = newChat();
    const place = await customer(chat, { location: { latitude: -23.55, longitude: -46.63 } });
    expect(place).toMatchObject({ mediaType: "location", body: "|https://maps.google.com/maps?q=-23.55%2C-46.63&z=17||" });
    const card = await customer(chat, { contact: { phone_number: "+5511999990000", first_name: "Rita" } });
    expect(card.mediaType).toBe("vcard");
    expect(card.body).toContain("TEL;type=CELL:+5511999990000");
  });

  it("keeps a message whose file cannot be fetched, naming the file", async () => {
    const chat = newChat();
    const row = await customer(chat, { document: { file_id: "gone", file_unique_id: "gone", file_name: "lost.zip", mime_type: "application/zip" } });
    expect(row).toMatchObject({ mediaType: "chat", body: "[lost.zip]", mediaName: null });
  });

  it("links a reply to the message it quotes, and applies an edit", async () => {
    const chat = newChat();
    const first = fake.customerSends(TOKEN, chat, { text: "My order is 123" });
    const original = await stored(`${chat.id}:${first.message.message_id}`);
    const reply = await customer(chat, { text: "Any news?", reply_to_message: { message_id: first.message.message_id, date: 0, chat: { id: chat.id, type: "private" } } });
    expect(reply.quotedMsgId).toBe(original.id);

    fake.customerEdits(TOKEN, chat, first.message.message_id, "My order is 124");
    await waitFor(async () => (await stored(original.externalId!)).body === "My order is 124", "the edit applied");
  });

  it("ignores group chats (private chats only)", async () => {
    const group = fake.customerSends(TOKEN, { id: -100500, type: "group", firstName: "Team" }, { text: "in a group" });
    const marker = await customer(newChat(), { text: "after the group" });
    expect(marker.body).toBe("after the group");
    expect(await server.ctx.db.select().from(messages).where(eq(messages.externalId, `-100500:${group.message.message_id}`))).toEqual([]);
  });

  it("stores a redelivered update once", async () => {
    const chat = newChat();
    const update = fake.customerSends(TOKEN, chat, { text: "only once" });
    const row = await stored(`${chat.id}:${update.message.message_id}`);
    fake.redeliver(TOKEN, update);
    // Updates are handled in order: once the next one is stored, the redelivery was handled too.
    await customer(chat, { text: "next" });
    const rows = await server.ctx.db.select().from(messages).where(eq(messages.externalId, row.externalId!));
    expect(rows).toHaveLength(1);
  });

  it("does not confirm an update past a message waiting for an unreachable database, and stores it once it answers", async () => {
    const chat = newChat();
    let unreachable = true;
    let refusals = 0;
    const restore = failNewContacts(server.ctx.db, refused, () => unreachable && ++refusals > 0);
    try {
      const update = fake.customerSends(TOKEN, chat, { text: "during the outage" });
      // Five attempts (a statement and a transaction refused each): past the three a failing
      // statement gets here before it is set aside in inbound_failures.
      await waitFor(() => refusals >= 10, "attempts to store it while the database is away", 30_000);
      // Still Telegram's to deliver again: no getUpdates has confirmed it (docs/decisions/0100).
      expect(fake.pending(TOKEN).map((u) => u.update_id)).toContain(update.update_id);
      expect(Math.max(...fake.bot(TOKEN).offsets)).toBeLessThanOrEqual(update.update_id);
      unreachable = false;
      await stored(`${chat.id}:${update.message.message_id}`);
      await waitFor(() => !fake.pending(TOKEN).some((u) => u.update_id === update.update_id), "the update confirmed", 30_000);
    } finally {
      restore();
    }
  });

  it("keeps the offset in the database: a restart asks from where it stopped", async () => {
    const chat = newChat();
    const update = fake.customerSends(TOKEN, chat, { text: "before the restart" });
    await stored(`${chat.id}:${update.message.message_id}`);
    await waitFor(async () => {
      const [row] = await server.ctx.db.select({ cursor: connections.inboundCursor }).from(connections).where(eq(connections.id, connection.id));
      return (row?.cursor ?? 0) > update.update_id;
    }, "the cursor kept");
    const [row] = await server.ctx.db.select({ cursor: connections.inboundCursor }).from(connections).where(eq(connections.id, connection.id));

    await server.ctx.channels.stop(connection.id);
    const bot = fake.bot(TOKEN);
    const before = bot.offsets.length;
    await server.ctx.channels.start(connection.id, "telegram");
    const first = await fake.until(TOKEN, (b) => b.offsets[before], "a getUpdates after the restart");
    expect(first).toBe(row!.cursor);
    await customer(chat, { text: "after the restart" });
  });

  it("sends text, files and quoted replies; the external id names the chat and Telegram's message id", async () => {
    const chat = newChat();
    const incoming = await customer(chat, { text: "Can you send the manual?" });
    const post = async (payload: object) => {
      const response = await server.request({ method: "POST", url: `/api/messages/${incoming.ticketId}`, token: admin, ...payload });
      expect(response.statusCode).toBe(201);
      return (response.json() as { messages: Message[] }).messages[0]!;
    };
    const bot = fake.bot(TOKEN);
    const sentBefore = bot.sent.length;

    const text = await post({ payload: { body: "Here it is", quotedMsg: { id: incoming.id } } });
    const sentText = await fake.until(TOKEN, (b) => b.sent[sentBefore], "sendMessage");
    expect(sentText).toMatchObject({ method: "sendMessage", chatId: String(chat.id), replyTo: Number(incoming.externalId!.split(":")[1]) });
    expect(sentText.text).toContain("Here it is");
    await waitFor(async () => (await stored(`${chat.id}:${sentText.messageId}`)).id === text.id, "the external id of the sent text");
    expect((await stored(`${chat.id}:${sentText.messageId}`)).ack).toBe(1);

    await post(multipart([{ name: "medias", file: pngBytes, fileName: "manual.png", type: "image/png" }]));
    const photo = await fake.until(TOKEN, (b) => b.sent[sentBefore + 1], "sendPhoto");
    expect(photo.method).toBe("sendPhoto");
    expect(photo.file?.bytes.equals(pngBytes)).toBe(true);

    await post(multipart([{ name: "medias", file: Buffer.from("%PDF-1.4\n%manual"), fileName: "manual.pdf", type: "application/pdf" }]));
    const doc = await fake.until(TOKEN, (b) => b.sent[sentBefore + 2], "sendDocument");
    expect(doc).toMatchObject({ method: "sendDocument", file: { name: "manual.pdf" } });

    // Past Telegram's limits (4,096 characters of text, 1,024 of caption) the text follows in parts.
    const long = `${"word ".repeat(1000)}end`;
    await post({ payload: { body: long } });
    const [first, second] = await fake.until(TOKEN, (b) => (b.sent.length >= sentBefore + 5 ? b.sent.slice(sentBefore + 3) : undefined), "two parts");
    expect([first!.method, second!.method]).toEqual(["sendMessage", "sendMessage"]);
    expect(first!.text!.length).toBeLessThanOrEqual(4096);
    expect(`${first!.text} ${second!.text}`).toContain(long);
  });

  it("shows a refused token as TIMEOUT with the reason, and starts again with a new token", async () => {
    const refused = "654321:AAH-revoked-token-for-atendo-test-02";
    fake.refuse(refused);
    const queue = await createQueue(server, admin);
    const created = await createConnection(server, admin, { kind: "telegram", telegram: { botToken: refused }, destinationType: "queue", destinationItem: queue.id });
    await waitFor(async () => (await read(created.id)).status === "TIMEOUT", "TIMEOUT");
    expect((await read(created.id)).statusDetail).toMatch(/refused the bot token.*Unauthorized/);
    expect(fake.bot(refused).calls).toEqual(["getMe"]);

    const renewed = "654321:AAH-renewed-token-for-atendo-test-03";
    const response = await server.request({ method: "PUT", url: `/api/whatsapp/${created.id}`, token: admin, payload: { telegram: { botToken: renewed } } });
    expect(response.statusCode).toBe(200);
    await waitFor(async () => (await read(created.id)).status === "CONNECTED", "CONNECTED with the new token");
    expect((await read(created.id)).telegram?.botUsername).toBe("fake_654321_bot");
  });
});
