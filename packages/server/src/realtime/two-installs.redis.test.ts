import type { Connection } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { buildApp, type BuiltApp } from "../app.js";
import { loadConfig } from "../config.js";
import { appSecrets } from "../db/schema/index.js";
import { loadInstallId } from "../secrets.js";
import { createChat, sendChatText } from "../test/chat-fixtures.js";
import { createConnection, inbound, uniqueNumber } from "../test/channel-fixtures.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { connectSocket, recordEvents } from "../test/socket-client.js";

// Issue 28: two installs on one Redis heard each other — the adapter's key was fixed and room
// names (user:1, admins, …) are the same in every install. Each install here is two instances on
// its own database, all four on one Redis (docs/decisions/0060).
// Runs only when scripts/test.mjs finds Redis (TEST_REDIS_URL); see vitest.config.ts.
const redisUrl = process.env.TEST_REDIS_URL ?? "";

interface Install {
  /** Where requests go. */
  first: TestServer;
  /** Where its sockets connect: another instance on the same database. */
  second: BuiltApp;
  secondUrl: string;
  admin: string;
  connection: Connection;
  /** The admin's socket on the second instance, asking for every notification. */
  socket: Socket;
}

async function startInstall(): Promise<Install> {
  const first = await createTestServer({ REDIS_URL: redisUrl });
  const second = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent", REDIS_URL: redisUrl }), database: first.ctx.database, mailer: null });
  const secondUrl = await second.app.listen({ port: 0, host: "127.0.0.1" });
  const admin = await first.adminToken();
  const queue = await createQueue(first, admin);
  const connection = await createConnection(first, admin, { destinationType: "queue", destinationItem: queue.id });
  return { first, second, secondUrl, admin, connection, socket: await connectSocket(secondUrl, admin) };
}

async function stopInstall(install: Install): Promise<void> {
  install.socket.close();
  await install.second.app.close();
  await install.first.close();
}

/** Resolves with the first payload of `event` on `socket` that `matches`. */
function heard<T>(socket: Socket, event: string, matches: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

type MessageEvent = { action: string; message?: { body?: string }; contact?: { name?: string; number?: string } };

let x: Install;
let y: Install;
beforeAll(async () => {
  x = await startInstall();
  y = await startInstall();
});
afterAll(async () => {
  await stopInstall(x);
  await stopInstall(y);
});

describe("two installs on one Redis", () => {
  it("have their own identity, generated once and kept in their database", async () => {
    const idOf = async (install: Install) => (await install.first.ctx.db.select().from(appSecrets).where(eq(appSecrets.key, "install")))[0]?.value;
    const [idX, idY] = [await idOf(x), await idOf(y)];
    expect([idX, idY]).toEqual([expect.stringMatching(/^[0-9a-f]{16}$/), expect.stringMatching(/^[0-9a-f]{16}$/)]);
    expect(idX).not.toBe(idY);
    // Read again, not made again: a restart or another instance names the same install.
    expect(await loadInstallId(x.first.ctx.db)).toBe(idX);
  });

  it("deliver a customer's message to the other instance of its install, and nothing of it to the other install", async () => {
    const inX = recordEvents<MessageEvent>(x.socket, "appMessage");
    const inXTickets = recordEvents<unknown>(x.socket, "ticket");
    const inXContacts = recordEvents<unknown>(x.socket, "contact");
    const secret = { number: uniqueNumber(), name: "Yara of install Y", body: "Y's customer writes a secret" };
    const arrivedInY = heard<MessageEvent>(y.socket, "appMessage", (event) => event.message?.body === secret.body);
    await inbound(y.first, y.connection, { from: { number: secret.number, name: secret.name }, body: secret.body });
    expect((await arrivedInY).contact).toMatchObject({ name: secret.name, number: secret.number });

    // Published after Y's event: once X's socket has X's own, Y's would have come before it.
    const arrivedInX = heard<MessageEvent>(x.socket, "appMessage", (event) => event.message?.body === "X's marker");
    await inbound(x.first, x.connection, { body: "X's marker" });
    await arrivedInX;
    const leaked = JSON.stringify([inX, inXTickets, inXContacts]);
    expect(leaked).not.toContain(secret.name);
    expect(leaked).not.toContain(secret.number);
    expect(leaked).not.toContain(secret.body);
  });

  it("deliver internal chat messages within their install only, though user ids are the same in both", async () => {
    const [yUser, xUser] = [await y.first.createUser({ name: "Yuri" }), await x.first.createUser({ name: "Xavier" })];
    const yChat = await createChat(y.first, y.admin, { participantIds: [yUser.id] });
    const xChat = await createChat(x.first, x.admin, { participantIds: [xUser.id] });
    const inX = recordEvents<unknown>(x.socket, "appChatMessage");
    const inXChats = recordEvents<unknown>(x.socket, "chat");
    const arrivedInY = heard<MessageEvent>(y.socket, "appChatMessage", (event) => event.message?.body === "Y's internal secret");
    await sendChatText(y.first, y.admin, yChat.id, "Y's internal secret");
    await arrivedInY;

    const arrivedInX = heard<MessageEvent>(x.socket, "appChatMessage", (event) => event.message?.body === "X's marker");
    await sendChatText(x.first, x.admin, xChat.id, "X's marker");
    await arrivedInX;
    const leaked = JSON.stringify([inX, inXChats]);
    expect(leaked).not.toContain("Y's internal secret");
    expect(leaked).not.toContain("Yuri");
  });

  it("answer who is connected from their own install's instances only", async () => {
    // The same user id exists in both installs; only X's is connected (on X's second instance).
    const xUser = await x.first.createUser();
    while ((await y.first.createUser()).id < xUser.id);
    const socket = await connectSocket(x.secondUrl, xUser.token);
    try {
      expect([...(await x.first.ctx.realtime.connectedUsers([xUser.id]))]).toEqual([xUser.id]);
      expect([...(await y.first.ctx.realtime.connectedUsers([xUser.id]))]).toEqual([]);
      expect(await y.first.ctx.realtime.anyConnected([xUser.id])).toBe(false);
    } finally {
      socket.close();
    }
  });
});
