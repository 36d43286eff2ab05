/**
 * The real WhatsApp driver, wired as app.ts wires it, on a fake Baileys socket, through the real
 * pipeline and database: what reaches the tickets, what survives a failing pipeline, and what
 * Baileys gets back when a recipient asks for a message again.
 */
import type { Connection, Message } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, inboundFailures, messages, tickets } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { diskFull, failNewContacts, refused } from "../../test/failing-inbound.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { waitFor } from "../../test/wait-for.js";
import { runRecovery } from "../../jobs/recovery.js";
import type { FakeSocket } from "../../test/fake-baileys.js";
import { Changes, pair, recordingSockets, waMessage } from "../../test/fake-baileys.js";

const changes = new Changes();
const sockets: FakeSocket[] = [];
let server: TestServer;
let admin: string;
let connection: Connection;
let sock: FakeSocket;

beforeAll(async () => {
  server = await createTestServer(
    {},
    {
      channels: { inboundRetryDelaysMs: [1, 5] },
      whatsapp: {
        makeSocket: recordingSockets(changes, sockets),
        backoff: async () => undefined,
        downloadMedia: async (msg) => Buffer.from(`bytes of ${msg.key.id}`),
      },
    },
  );
  admin = await server.adminToken();
  const queue = await createQueue(server, admin);
  connection = await createConnection(server, admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
  pair(await changes.until(() => sockets[0], "first socket"));
  sock = await changes.until(() => sockets[1], "socket after pairing");
  sock.open();
  await waitFor(async () => (await status()) === "CONNECTED", "CONNECTED");
});
afterAll(() => server.close());

async function status() {
  const response = await server.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: admin });
  return (response.json() as Connection).status;
}

const from = (n: number) => ({ remoteJid: `55119${String(n).padStart(8, "0")}@s.whatsapp.net` });
const notify = (...list: Parameters<typeof waMessage>[]) => sock.emit("messages.upsert", { type: "notify", messages: list.map((args) => waMessage(...args)) });

async function stored(externalId: string) {
  const [row] = await server.ctx.db.select().from(messages).where(eq(messages.externalId, externalId));
  return row;
}

async function storedSoon(externalId: string, timeoutMs?: number) {
  await waitFor(async () => Boolean(await stored(externalId)), `message ${externalId} stored`, timeoutMs);
  return (await stored(externalId))!;
}

describe("WhatsApp through the pipeline", () => {
  it("stores a message the pipeline failed once, after an in-line retry", async () => {
    const restore = failNewContacts(server.ctx.db, diskFull, 1);
    try {
      notify(["RETRY1", { conversation: "first try fails" }, from(1)]);
      expect(await storedSoon("RETRY1")).toMatchObject({ body: "first try fails", fromMe: false });
    } finally {
      restore();
    }
    expect(await server.ctx.db.select().from(inboundFailures)).toEqual([]);
  });

  it("holds a message while the database is unreachable, past the in-line retries, and stores it once it answers", async () => {
    // Four refusals (about 4 s of waits): more than the two in-line retries a failing statement gets here.
    const restore = failNewContacts(server.ctx.db, refused, 4);
    try {
      notify(["OUTAGE1", { conversation: "sent during an outage" }, from(4)]);
      expect(await storedSoon("OUTAGE1", 30_000)).toMatchObject({ body: "sent during an outage" });
    } finally {
      restore();
    }
    expect(await server.ctx.db.select().from(inboundFailures)).toEqual([]);
  });

  it("keeps a message that keeps failing, goes on with the next, and stores it (with its media) on replay", async () => {
    notify(["KNOWN", { conversation: "a known contact" }, from(2)]);
    await storedSoon("KNOWN");
    const restore = failNewContacts(server.ctx.db, diskFull, 1000);
    try {
      notify(["LOST?", { imageMessage: { caption: "keep me", mimetype: "image/jpeg" } }, from(3)], ["NEXT", { conversation: "still flowing" }, from(2)]);
      // A known contact with an open ticket needs no transaction: the queue goes on.
      await storedSoon("NEXT");
      await waitFor(async () => (await server.ctx.db.select().from(inboundFailures)).length === 1, "the failure kept");
    } finally {
      restore();
    }
    const [kept] = await server.ctx.db.select().from(inboundFailures);
    expect(kept).toMatchObject({ connectionId: connection.id, externalId: "LOST?", status: "pending", attempts: 0, lastError: "could not extend file: No space left on device" });
    expect(kept!.mediaName).toBeTruthy();
    expect(await stored("LOST?")).toBeUndefined();

    expect((await runRecovery(server.ctx)).replayed).toBe(1);
    const message = await stored("LOST?");
    expect(message).toMatchObject({ body: "keep me", mediaType: "image", mimeType: "image/jpeg" });
    expect((await readFile(server.ctx.media.path(message!.mediaName!))).toString()).toBe("bytes of LOST?");
    expect(await server.ctx.db.select().from(inboundFailures)).toEqual([]);
    await expect(readFile(server.ctx.media.path(kept!.mediaName!))).rejects.toThrow();
    expect((await runRecovery(server.ctx)).replayed).toBe(0);
  });

  it("answers Baileys' getMessage with a reply's stored text, and nothing for media, deleted or unknown messages", async () => {
    notify(["ASK", { conversation: "hello?" }, from(4)]);
    const { ticketId } = await storedSoon("ASK");
    const reply = async (payload: object) => {
      const response = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, ...payload });
      expect(response.statusCode).toBe(201);
      return (response.json() as { messages: Message[] }).messages[0]!;
    };
    const text = await reply({ payload: { body: "Here is the answer" } });
    const picture = await reply(multipart([{ name: "medias", file: pngBytes, fileName: "p.png", type: "image/png" }]));
    const gone = await reply({ payload: { body: "Oops" } });
    await server.request({ method: "DELETE", url: `/api/messages/${gone.id}`, token: admin, payload: { ticketId } });
    const idOf = async (id: number) => (await server.ctx.db.select({ externalId: messages.externalId }).from(messages).where(eq(messages.id, id)))[0]!.externalId!;

    const getMessage = sock.config.getMessage!;
    const key = (id: string) => ({ remoteJid: from(4).remoteJid, fromMe: true, id });
    expect(await getMessage(key(await idOf(text.id)))).toEqual({ conversation: "Here is the answer" });
    expect(await getMessage(key(await idOf(picture.id)))).toBeUndefined();
    expect(await getMessage(key(await idOf(gone.id)))).toBeUndefined();
    expect(await getMessage(key("NOT-OURS"))).toBeUndefined();
    // A customer's message is never re-sent by us.
    expect(await getMessage({ ...key("ASK"), fromMe: false })).toBeUndefined();
  });

  it("gives a contact first known by its LID the phone number once WhatsApp shares it; two existing contacts stay two", async () => {
    const contactOf = async (externalId: string) => {
      const [row] = await server.ctx.db
        .select({ id: contacts.id, number: contacts.number, name: contacts.name })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(eq(messages.externalId, externalId));
      return row!;
    };
    notify(["BY-LID", { conversation: "who am I" }, { remoteJid: "123456789012345@lid" }]);
    const first = await storedSoon("BY-LID");
    expect(await contactOf("BY-LID")).toMatchObject({ number: "123456789012345", name: "Maria" });
    sock.emit("chats.phoneNumberShare", { lid: "123456789012345@lid", jid: "5511955550000@s.whatsapp.net" });
    notify(["BY-PHONE", { conversation: "now by phone" }, { remoteJid: "5511955550000@s.whatsapp.net" }]);
    expect((await storedSoon("BY-PHONE")).ticketId).toBe(first.ticketId);
    expect(await contactOf("BY-LID")).toMatchObject({ number: "5511955550000" });

    // Both already exist (the phone wrote first, then the LID): nothing is merged.
    notify(["PHONE-FIRST", { conversation: "by phone" }, { remoteJid: "5511944440000@s.whatsapp.net" }], ["LID-SECOND", { conversation: "by lid" }, { remoteJid: "999888777666555@lid" }]);
    await storedSoon("LID-SECOND");
    sock.emit("chats.phoneNumberShare", { lid: "999888777666555@lid", jid: "5511944440000@s.whatsapp.net" });
    notify(["AFTER", { conversation: "after the mapping" }, { remoteJid: "999888777666555@lid" }]);
    await storedSoon("AFTER");
    expect((await contactOf("LID-SECOND")).number).toBe("999888777666555");
    expect((await contactOf("AFTER")).number).toBe("5511944440000");
  });
});
