import { refreshCookieName } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { ask, connectSocket, nextEvent, recordEvents, settle } from "../test/socket-client.js";
import { createConnection } from "../test/channel-fixtures.js";
import { seedTicket } from "../test/ticket-fixtures.js";
import { closedWithin } from "../test/socket-revocation.js";

// Runs only when scripts/test.mjs finds Redis (TEST_REDIS_URL); see vitest.config.ts.
const redisUrl = process.env.TEST_REDIS_URL ?? "";

let first: TestServer;
let second: Awaited<ReturnType<typeof buildApp>>;
let socket: Socket;
let secondUrl: string;
beforeAll(async () => {
  first = await createTestServer({ REDIS_URL: redisUrl });
  // A second instance on the same database (so the same install) and Redis, as in a scaled-out deployment.
  second = await buildApp({
    config: loadConfig({ LOG_LEVEL: "silent", REDIS_URL: redisUrl }),
    database: first.ctx.database,
    mailer: null,
  });
  secondUrl = await second.app.listen({ port: 0, host: "127.0.0.1" });
  socket = await connectSocket(secondUrl, await first.adminToken());
});
afterAll(async () => {
  socket.close();
  await second.app.close();
  await first.close();
});

describe("Redis adapter", () => {
  it("delivers an event emitted on one instance to a socket connected to the other", async () => {
    const received = nextEvent(socket, "settings");
    const response = await first.request({
      method: "PUT",
      url: "/api/settings/userCreation",
      token: await first.adminToken(),
      payload: { value: "enabled" },
    });
    expect(response.statusCode).toBe(200);
    expect(await received).toEqual({ action: "update", setting: { key: "userCreation", value: "enabled" } });
  });

  it("delivers each event once to the sockets of both instances, and to a dialect's namespace on the other instance only when a socket is there", async () => {
    const admin = await first.adminToken();
    const local = await connectSocket(await first.listen(), admin);
    const remote = await connectSocket(secondUrl, admin);
    const events = [local, remote].map((held) => recordEvents<{ ticketId: number }>(held, "ticket"));
    // Nobody on /whaticket yet: the other instance drops that namespace's copy undecoded, and nothing breaks.
    for (const ticketId of [1, 2]) first.ctx.realtime.emit({ admins: true }, "ticket", { action: "updateUnread", ticketId });
    const dialect = await connectSocket(`${secondUrl}/whaticket`, admin, { join: false });
    expect(await ask(dialect, "joinNotification", null)).toEqual({ ok: true });
    const heard = recordEvents<{ ticketId: number }>(dialect, "ticket");
    const last = Promise.all([local, remote, dialect].map((held) => new Promise<void>((resolve) => held.on("ticket", (e: { ticketId: number }) => e.ticketId === 3 && resolve()))));
    first.ctx.realtime.emit({ admins: true }, "ticket", { action: "updateUnread", ticketId: 3 });
    await last;
    for (const list of events) expect(list.map((e) => e.ticketId)).toEqual([1, 2, 3]);
    expect(heard.map((e) => e.ticketId)).toEqual([3]);
    for (const held of [local, remote, dialect]) held.close();
  });

  it("moves a user's sockets on the other instance into a queue room, and closes them on removal", async () => {
    const admin = await first.adminToken();
    const attendant = await first.createUser();
    const remote = await connectSocket(secondUrl, attendant.token);
    const queue = await createQueue(first, admin);
    await first.request({ method: "PUT", url: `/api/users/${attendant.id}`, token: admin, payload: { queueIds: [queue.id] } });
    // Redis delivers the join and then this emit in publish order, so the probe finds the socket in the room.
    const probe = nextEvent(remote, "ticket");
    first.ctx.realtime.emit({ queueIds: [queue.id] }, "ticket", { action: "updateUnread", ticketId: queue.id });
    expect(await probe).toEqual({ action: "updateUnread", ticketId: queue.id });

    const closed = nextEvent(remote, "disconnect");
    await first.request({ method: "DELETE", url: `/api/users/${attendant.id}`, token: admin });
    expect(await closed).toBe("io server disconnect");
  });

  it("delivers a ticket's event emitted on one instance only to the joins that asked for it on the other", async () => {
    const admin = await first.adminToken();
    const queue = await createQueue(first, admin);
    const connection = await createConnection(first, admin, { destinationType: "queue", destinationItem: queue.id });
    const [watched, other] = [await seedTicket(first, { connectionId: connection.id, status: "open" }), await seedTicket(first, { connectionId: connection.id, status: "open" })];
    const box = await connectSocket(secondUrl, admin, { join: false });
    const tab = await connectSocket(secondUrl, admin, { join: false });
    expect(await ask(box, "joinChatBox", watched)).toEqual({ ok: true });
    expect(await ask(tab, "joinTickets", "closed")).toEqual({ ok: true });
    const inBox = recordEvents<{ ticketId: number }>(box, "ticket");
    const inTab = recordEvents<{ ticketId: number }>(tab, "ticket");
    for (const ticketId of [other, watched]) {
      first.ctx.realtime.emit({ admins: true, conversation: { ticketId, statuses: ["open"] } }, "ticket", { action: "updateUnread", ticketId });
    }
    // Published in order: once the watched ticket's event is in, the other's would have been too.
    await new Promise<void>((resolve) => (inBox.length > 0 ? resolve() : box.once("ticket", () => resolve())));
    await ask(tab, "joinChatBox", "not-an-id");
    expect(inBox.map((e) => e.ticketId)).toEqual([watched]);
    expect(inTab).toEqual([]);
    box.close();
    tab.close();
  });

  it("closes the sockets of a sign-in logged out on the other instance", async () => {
    const attendant = await first.createUser();
    const session = await first.login(attendant.email, attendant.password);
    const remote = await connectSocket(secondUrl, session.token);
    const closed = closedWithin(remote);
    const response = await first.request({
      method: "DELETE",
      url: "/api/auth/logout",
      token: session.token,
      cookies: { [refreshCookieName]: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
  });

  it("closes on the other instance every sign-in a password change ended, not the one it came from", async () => {
    const attendant = await first.createUser();
    const sessions = [await first.login(attendant.email, attendant.password), await first.login(attendant.email, attendant.password)];
    const [current, other] = await Promise.all(sessions.map((session) => connectSocket(secondUrl, session.token)));
    if (!current || !other) throw new Error("sockets not connected");
    const closed = closedWithin(other);
    const response = await first.request({
      method: "PUT",
      url: `/api/users/${attendant.id}`,
      token: sessions[0]?.token,
      payload: { password: "changed-password-1", currentPassword: attendant.password },
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    await settle(current);
    expect(current.connected).toBe(true);
    current.close();
  });
});
