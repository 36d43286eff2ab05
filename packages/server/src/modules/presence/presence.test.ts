import { limits, type PresenceEvent, type User } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { users } from "../../db/schema/index.js";
import { presenceRound } from "../../jobs/presence-rounds.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError } from "../../test/route-guards.js";
import { connectSocket, recordEvents, settle } from "../../test/socket-client.js";
import { waitFor } from "../../test/wait-for.js";

// Presence (issue 30, decision 0078). Both instances read one clock the tests move: the offline
// grace passes without waiting for it.
const grace = limits.presenceOfflineAfterSeconds * 1000;
let clock = new Date();
const presence = { now: () => clock };
const advance = (ms: number) => void (clock = new Date(clock.getTime() + ms));

let server: TestServer;
let other: BuiltApp;
let baseUrl = "";
let otherUrl = "";
let admin = "";
let adminSocket: Socket;
const open: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer({}, { presence });
  // Another instance on the same database, no Redis between them: only the database tells who is seen.
  other = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent" }), database: server.ctx.database, mailer: null, presence });
  baseUrl = await server.listen();
  otherUrl = await other.app.listen({ port: 0, host: "127.0.0.1" });
  admin = await server.adminToken();
  adminSocket = await connect(baseUrl, admin);
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await other.app.close();
  await server.close();
});

async function connect(url: string, token: string): Promise<Socket> {
  const socket = await connectSocket(url, token);
  open.push(socket);
  return socket;
}

function setPresence(token: string | undefined, status: unknown) {
  return server.request({ method: "PUT", url: "/api/users/me/presence", token, payload: { status } });
}

async function stored(userId: number) {
  const [row] = await server.ctx.db
    .select({ presence: users.presence, chosen: users.presenceChoice, seenAt: users.presenceSeenAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** A socket's (the admin's unless told) next `presence` event about this user. */
function heardAbout(userId: number, socket: Socket = adminSocket): Promise<PresenceEvent> {
  return new Promise((resolve) => {
    const listener = (event: PresenceEvent) => {
      if (event.userId !== userId) return;
      socket.off("presence", listener);
      resolve(event);
    };
    socket.on("presence", listener);
  });
}

/**
 * An attendant with a socket connected to `url`, once the connection has made them online (the
 * admin, connected to the first instance, hears it from there; without Redis, not from the other).
 */
async function connected(url = baseUrl) {
  const user = await server.createUser();
  const online = heardAbout(user.id);
  const socket = await connect(url, user.token);
  if (url === baseUrl) expect(await online).toEqual({ action: "update", userId: user.id, status: "online" });
  else await waitFor(async () => (await stored(user.id)).presence === "online", "online through the other instance");
  return { ...user, socket };
}

/** Closes a socket and waits until the instance has stamped when its user was last seen. */
async function leave(userId: number, socket: Socket): Promise<void> {
  advance(1000);
  const at = clock.getTime();
  socket.close();
  await waitFor(async () => (await stored(userId)).seenAt?.getTime() === at, "the disconnect stamped");
}

describe("PUT /api/users/me/presence", () => {
  it("answers 401 anonymously and 400 for a status that is not one", async () => {
    await expectError(setPresence(anonymous, "online"), 401, "ERR_SESSION_EXPIRED");
    const user = await server.createUser();
    expect((await setPresence(user.token, "busy")).statusCode).toBe(400);
    expect((await server.request({ method: "PUT", url: "/api/users/me/presence", token: user.token, payload: {} })).statusCode).toBe(400);
    expect((await stored(user.id)).presence).toBe("offline");
  });

  it("lets any signed-in user set their own presence, and shows it in the user record", async () => {
    const user = await server.createUser();
    const response = await setPresence(user.token, "away");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id, status: "away", chosen: "away" });
    const record = (await server.request({ method: "GET", url: `/api/users/${user.id}`, token: admin })).json<User>();
    expect(record.presence).toBe("away");
    // An admin sets their own too, never someone else's: the path names no one.
    expect((await setPresence(admin, "online")).json()).toMatchObject({ status: "online" });
    expect((await stored(user.id)).presence).toBe("away");
  });

  it("is not changed through the user update route", async () => {
    const user = await server.createUser();
    await server.request({ method: "PUT", url: `/api/users/${user.id}`, token: admin, payload: { presence: "online" } });
    expect((await stored(user.id)).presence).toBe("offline");
  });

  it("announces the change to admins, the user and their queue colleagues, not to other queues", async () => {
    const user = await server.createUser();
    const colleague = await server.createUser();
    const stranger = await server.createUser();
    await createQueue(server, admin, { userIds: [user.id, colleague.id] });
    await createQueue(server, admin, { userIds: [stranger.id] });
    const colleagueSocket = await connect(baseUrl, colleague.token);
    const strangerEvents = recordEvents<PresenceEvent>(await connect(baseUrl, stranger.token), "presence");
    const toAdmin = heardAbout(user.id);
    // About the user: the colleague's own socket made the colleague online, an event that may still be on its way.
    const toColleague = heardAbout(user.id, colleagueSocket);
    await setPresence(user.token, "away");
    const expected = { action: "update", userId: user.id, status: "away" };
    expect(await toAdmin).toEqual(expected);
    expect(await toColleague).toEqual(expected);
    await settle(colleagueSocket);
    expect(strangerEvents.filter((event) => event.userId === user.id)).toEqual([]);
  });

  it("announces nothing when the status stays the same", async () => {
    const user = await server.createUser();
    const first = heardAbout(user.id);
    await setPresence(user.token, "away");
    await first;
    const heard = recordEvents<PresenceEvent>(adminSocket, "presence");
    await setPresence(user.token, "away");
    await settle(adminSocket);
    adminSocket.off("presence");
    expect(heard.filter((event) => event.userId === user.id)).toEqual([]);
  });
});

describe("automatic presence", () => {
  it("makes a user online when a socket connects, and offline once none has been connected for the grace period", async () => {
    const user = await connected();
    expect(await stored(user.id)).toMatchObject({ presence: "online", chosen: "online" });
    await leave(user.id, user.socket);
    advance(grace - 1000);
    expect(await presenceRound(server.ctx)).not.toContain(user.id);
    expect((await stored(user.id)).presence).toBe("online");
    const offline = heardAbout(user.id);
    advance(2000);
    expect(await presenceRound(server.ctx)).toContain(user.id);
    expect(await offline).toEqual({ action: "update", userId: user.id, status: "offline" });
    // The choice is kept: what the next connection restores.
    expect(await stored(user.id)).toMatchObject({ presence: "offline", chosen: "online" });
  });

  it("keeps a user online while another of their sockets stays connected", async () => {
    const user = await connected();
    await connect(baseUrl, user.token);
    await leave(user.id, user.socket);
    advance(grace + 1000);
    expect(await presenceRound(server.ctx)).not.toContain(user.id);
    expect((await stored(user.id)).presence).toBe("online");
  });

  it("brings a user back online when a socket reconnects, unless they chose away or offline", async () => {
    const user = await connected();
    await leave(user.id, user.socket);
    advance(grace + 1000);
    const offline = heardAbout(user.id);
    await presenceRound(server.ctx);
    expect(await offline).toEqual({ action: "update", userId: user.id, status: "offline" });
    const back = heardAbout(user.id);
    const again = await connect(baseUrl, user.token);
    expect(await back).toEqual({ action: "update", userId: user.id, status: "online" });

    // Away by hand: offline when gone, away (not online) when back.
    const chose = heardAbout(user.id);
    await setPresence(user.token, "away");
    await chose;
    await leave(user.id, again);
    advance(grace + 1000);
    const gone = heardAbout(user.id);
    await presenceRound(server.ctx);
    expect(await gone).toEqual({ action: "update", userId: user.id, status: "offline" });
    expect(await stored(user.id)).toMatchObject({ presence: "offline", chosen: "away" });
    const away = heardAbout(user.id);
    const third = await connect(baseUrl, user.token);
    expect(await away).toEqual({ action: "update", userId: user.id, status: "away" });

    // Offline by hand stays offline across reconnections until they choose again.
    const hidden = heardAbout(user.id);
    await setPresence(user.token, "offline");
    await hidden;
    await leave(user.id, third);
    const heard = recordEvents<PresenceEvent>(adminSocket, "presence");
    advance(1000);
    await connect(baseUrl, user.token);
    await waitFor(async () => (await stored(user.id)).seenAt?.getTime() === clock.getTime(), "the connection stamped");
    await settle(adminSocket);
    adminSocket.off("presence");
    expect(heard.filter((event) => event.userId === user.id)).toEqual([]);
    expect(await stored(user.id)).toMatchObject({ presence: "offline", chosen: "offline" });
  });
});

describe("two instances on one database", () => {
  it("keep a user online while their socket on the other instance is connected", async () => {
    const user = await connected(baseUrl);
    await connect(otherUrl, user.token);
    await leave(user.id, user.socket);
    advance(grace + 1000);
    // The other instance's round stamps its sockets' users as seen; this one's then finds them seen.
    await presenceRound(other.ctx);
    expect(await presenceRound(server.ctx)).not.toContain(user.id);
    expect((await stored(user.id)).presence).toBe("online");
  });

  it("make offline the users of an instance that stopped (no stamps) once the grace has passed", async () => {
    const user = await connected(otherUrl);
    // The other instance goes quiet (as if killed): its socket is still open, but it stamps nothing any more.
    advance(grace - 1000);
    expect(await presenceRound(server.ctx)).not.toContain(user.id);
    advance(2000);
    expect(await presenceRound(server.ctx)).toContain(user.id);
    expect((await stored(user.id)).presence).toBe("offline");
  });
});
