/**
 * Two instances on one database, each running the real WhatsApp driver on fake Baileys sockets,
 * ownership by real advisory locks: the session commands issued on the instance that does not run
 * the connection are carried out by the one that does (docs/decisions/0053).
 */
import type { Connection, Message, WhatsappSessionEvent } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { messages } from "../db/schema/index.js";
import { createConnection } from "../test/channel-fixtures.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { connectSocket, recordEvents } from "../test/socket-client.js";
import { openTestDatabase } from "../test/test-database.js";
import { waitFor } from "../test/wait-for.js";
import type { CommandTimeouts } from "./command-bus.js";
import type { FakeSocket } from "../test/fake-baileys.js";
import { Changes, pair, recordingSockets, waMessage } from "../test/fake-baileys.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** An app on the shared database whose WhatsApp driver makes fake sockets, kept in order. */
async function instance(commandTimeouts?: CommandTimeouts) {
  const changes = new Changes();
  const sockets: FakeSocket[] = [];
  const server = await createTestServer(
    {},
    {
      database,
      channels: commandTimeouts ? { commandTimeouts } : {},
      whatsapp: {
        makeSocket: recordingSockets(changes, sockets),
        backoff: async () => undefined,
      },
    },
  );
  return { server, sockets, socket: (nth: number) => changes.until(() => sockets[nth - 1], `socket #${nth}`) };
}
type Instance = Awaited<ReturnType<typeof instance>>;

/** A WhatsApp connection created (so run) on `owner`, known to `other` as run elsewhere. */
async function sharedConnection(owner: Instance, other: Instance): Promise<Connection> {
  const token = await owner.server.adminToken();
  const queue = await createQueue(owner.server, token);
  const connection = await createConnection(owner.server, token, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
  // As its ownership round would (the round itself would also pick up the other tests' connections).
  await other.server.ctx.channels.start(connection.id, "whatsapp");
  expect([owner.server.ctx.channels.isRunning(connection.id), other.server.ctx.channels.ownedElsewhere(connection.id)]).toEqual([true, true]);
  return connection;
}

async function statusOf(server: TestServer, connectionId: number): Promise<string> {
  const response = await server.request({ method: "GET", url: `/api/whatsapp/${connectionId}`, token: await server.adminToken() });
  return (response.json() as Connection).status;
}

/** Pairs and opens the owner's session, then a customer writes and the admin answers there: a sent message with its WhatsApp id. */
async function sentMessage(owner: Instance, connectionId: number, socketsBefore: number) {
  pair(await owner.socket(socketsBefore));
  const open = await owner.socket(socketsBefore + 1);
  open.open();
  await waitFor(async () => (await statusOf(owner.server, connectionId)) === "CONNECTED", "CONNECTED");
  const externalIn = `IN-${connectionId}`;
  open.emit("messages.upsert", { type: "notify", messages: [waMessage(externalIn, { conversation: "Hello?" }, { remoteJid: "5511988887777@s.whatsapp.net" })] });
  const stored = async (externalId: string) => (await owner.server.ctx.db.select().from(messages).where(eq(messages.externalId, externalId)))[0];
  await waitFor(async () => Boolean(await stored(externalIn)), "the customer's message stored");
  const { ticketId } = (await stored(externalIn))!;
  const reply = await owner.server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: await owner.server.adminToken(), payload: { body: "Hi!" } });
  expect(reply.statusCode).toBe(201);
  const { id } = (reply.json() as { messages: Message[] }).messages[0]!;
  const [row] = await owner.server.ctx.db.select().from(messages).where(eq(messages.id, id));
  expect(row!.externalId).toBeTruthy();
  return { id, ticketId, externalId: row!.externalId!, socket: open };
}

const deletesOf = (socket: FakeSocket) => socket.sent.filter((s) => "delete" in s.content).map((s) => (s.content as { delete: { id: string } }).delete.id);
const isDeleted = async (id: number) => (await database.db.select({ isDeleted: messages.isDeleted }).from(messages).where(eq(messages.id, id)))[0]!.isDeleted;

describe("session commands across instances", () => {
  it("pairing by code, deleting a sent message and disconnecting, asked on the other instance, are carried out by the owner; the permission is checked first", async () => {
    const owner = await instance();
    const other = await instance();
    try {
      const connection = await sharedConnection(owner, other);
      const admin = await other.server.adminToken();
      const attendant = await other.server.createUser();
      const first = await owner.socket(1);

      // Pairing by code: refused to an attendant where asked, nothing reaches the owner; an admin gets the owner's code.
      const pairingUrl = `/api/whatsappsession/${connection.id}/pairing-code`;
      const refused = await other.server.request({ method: "POST", url: pairingUrl, token: attendant.token, payload: { number: "5511987654321" } });
      expect([refused.statusCode, refused.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
      expect(first.pairingCodeFor).toBeUndefined();
      const paired = await other.server.request({ method: "POST", url: pairingUrl, token: admin, payload: { number: "+55 (11) 98765-4321" } });
      expect([paired.statusCode, paired.json()]).toEqual([200, { code: "ABCD1234" }]);
      expect(first.pairingCodeFor).toBe("5511987654321");
      expect(await statusOf(other.server, connection.id)).toBe("PAIRING");

      // Deleting a sent message: refused to someone who did not send it, done on the owner's socket for an admin.
      const sent = await sentMessage(owner, connection.id, 1);
      const removeUrl = `/api/messages/${sent.id}`;
      const notTheSender = await other.server.request({ method: "DELETE", url: removeUrl, token: attendant.token, payload: { ticketId: sent.ticketId } });
      expect(notTheSender.statusCode).toBe(403);
      expect(deletesOf(sent.socket)).toEqual([]);
      const removed = await other.server.request({ method: "DELETE", url: removeUrl, token: admin, payload: { ticketId: sent.ticketId } });
      expect([removed.statusCode, removed.json()]).toEqual([200, { ok: true }]);
      expect(deletesOf(sent.socket)).toEqual([sent.externalId]);
      expect(await isDeleted(sent.id)).toBe(true);

      // A new conversation started on the other instance: the owner's socket checks the number first.
      const unreachable = await other.server.request({ method: "POST", url: "/api/contacts", token: admin, payload: { name: "Nobody", number: "000111222333" } });
      const refusedTicket = await other.server.request({
        method: "POST",
        url: "/api/tickets",
        token: admin,
        payload: { contactId: unreachable.json().id, status: "open", whatsappId: connection.id },
      });
      expect([refusedTicket.statusCode, refusedTicket.json().error]).toEqual([400, "ERR_WAPP_INVALID_CONTACT"]);

      // Disconnecting: refused to an attendant; for an admin, DISCONNECTING at once, then the owner's socket logs out and a fresh one starts there.
      const sessionUrl = `/api/whatsappsession/${connection.id}`;
      expect((await other.server.request({ method: "DELETE", url: sessionUrl, token: attendant.token })).statusCode).toBe(403);
      expect(sent.socket.loggedOut).toBe(false);
      // Without Redis the owner's events reach the owner's sockets only: listen there.
      const adminSocket = await connectSocket(await owner.server.listen(), admin);
      const sessions = recordEvents<WhatsappSessionEvent>(adminSocket, "whatsappSession");
      const disconnected = await other.server.request({ method: "DELETE", url: sessionUrl, token: admin });
      expect([disconnected.statusCode, disconnected.json()]).toEqual([200, { ok: true }]);
      await owner.socket(3);
      expect(sent.socket.loggedOut).toBe(true);
      await waitFor(() => sessions.at(-1)?.session.status === "OPENING", "the fresh driver's status");
      expect(sessions[0]?.session).toMatchObject({ id: connection.id, status: "DISCONNECTING", qrcode: "" });
      adminSocket.close();

      // Nothing ever ran on the other instance.
      expect(other.sockets).toEqual([]);
      expect(other.server.ctx.channels.ownedElsewhere(connection.id)).toBe(true);
    } finally {
      await other.server.close();
      await owner.server.close();
    }
  });

  it("answers ERR_WAPP_OWNER_UNREACHABLE instead of waiting when the owner is stuck or gone, and 'try again' then takes the connection over", async () => {
    const owner = await instance();
    const other = await instance({ acceptMs: 200, answerMs: 300 });
    try {
      const connection = await sharedConnection(owner, other);
      const admin = await other.server.adminToken();
      const sent = await sentMessage(owner, connection.id, 1);
      const pairingUrl = `/api/whatsappsession/${connection.id}/pairing-code`;
      const ask = {
        pairing: () => other.server.request({ method: "POST", url: pairingUrl, token: admin, payload: { number: "5511987654321" } }),
        remove: () => other.server.request({ method: "DELETE", url: `/api/messages/${sent.id}`, token: admin, payload: { ticketId: sent.ticketId } }),
        disconnect: () => other.server.request({ method: "DELETE", url: `/api/whatsappsession/${connection.id}`, token: admin }),
      };
      const unreachable = [503, "ERR_WAPP_OWNER_UNREACHABLE"];

      // Stuck: the owner takes the command, its WhatsApp request never returns.
      sent.socket.requestPairingCode = () => new Promise<string>(() => undefined);
      const stuck = await ask.pairing();
      expect([stuck.statusCode, stuck.json().error]).toEqual(unreachable);

      // Gone: the owner stopped, and the other instance has not taken the connection over yet.
      await owner.server.close();
      expect(other.server.ctx.channels.ownedElsewhere(connection.id)).toBe(true);
      for (const command of [ask.pairing, ask.remove, ask.disconnect]) {
        const response = await command();
        expect([response.statusCode, response.json().error]).toEqual(unreachable);
      }
      // Nothing changed: the message is still there, the session was not logged out.
      expect(await statusOf(other.server, connection.id)).toBe("CONNECTED");
      expect(await isDeleted(sent.id)).toBe(false);
      expect(deletesOf(sent.socket)).toEqual([]);
      expect(sent.socket.loggedOut).toBe(false);

      // "Try again" finds no owner to answer: this instance takes the connection over and resumes its session.
      const retried = await other.server.request({ method: "POST", url: `/api/whatsappsession/${connection.id}`, token: admin });
      expect(retried.json()).toEqual({ ok: true });
      expect(other.server.ctx.channels.isRunning(connection.id)).toBe(true);
      expect((await other.socket(1)).config.auth.creds.me?.id).toBe("5511999990000:7@s.whatsapp.net");
      // Now local here: the commands are carried out at once.
      const paired = await ask.pairing();
      expect(paired.json()).toEqual({ code: "ABCD1234" });
    } finally {
      await other.server.close();
      await owner.server.close().catch(() => undefined);
    }
  });
});
