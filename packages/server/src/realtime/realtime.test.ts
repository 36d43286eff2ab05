import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../test/harness.js";
import { ask, connectSocket, nextEvent } from "../test/socket-client.js";

let server: TestServer;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

async function connect(token?: string) {
  const socket = await connectSocket(baseUrl, token);
  sockets.push(socket);
  return socket;
}

describe("socket handshake", () => {
  it("refuses a socket without a token or with a bad one", async () => {
    await expect(connectSocket(baseUrl)).rejects.toThrow("ERR_SESSION_EXPIRED");
    await expect(connectSocket(baseUrl, "garbage")).rejects.toThrow("ERR_SESSION_EXPIRED");
  });

  it("accepts a valid access token and the join messages of the spec", async () => {
    const socket = await connect(await server.adminToken());
    expect(await ask(socket, "joinNotification", null)).toEqual({ ok: true });
    expect(await ask(socket, "joinTickets", "open")).toEqual({ ok: true });
    expect(await ask(socket, "joinTickets", "archived")).toEqual({ ok: false });
    // No ticket may be watched until a module grants it: default deny.
    expect(await ask(socket, "joinChatBox", 1)).toEqual({ ok: false });
  });
});

describe("permission-aware emit", () => {
  it("sends settings changes to admins only", async () => {
    const adminSocket = await connect(await server.adminToken());
    const attendant = await server.createUser();
    const attendantSocket = await connect(attendant.token);
    let attendantGotIt = false;
    attendantSocket.on("settings", () => {
      attendantGotIt = true;
    });

    const received = nextEvent(adminSocket, "settings");
    await server.request({ method: "PUT", url: "/api/settings/userCreation", token: await server.adminToken(), payload: { value: "enabled" } });
    expect(await received).toEqual({ action: "update", setting: { key: "userCreation", value: "enabled" } });

    // A round trip on the attendant's socket after the emit proves nothing was queued for it.
    await ask(attendantSocket, "joinNotification", null);
    expect(attendantGotIt).toBe(false);
  });

  it("targets one user's room without reaching another user", async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const socketA = await connect(a.token);
    const socketB = await connect(b.token);
    let bGotIt = false;
    socketB.on("user", () => {
      bGotIt = true;
    });
    const received = nextEvent(socketA, "user");
    server.ctx.realtime.emit({ userIds: [a.id] }, "user", { action: "delete", userId: a.id });
    expect(await received).toEqual({ action: "delete", userId: a.id });
    await ask(socketB, "joinNotification", null);
    expect(bGotIt).toBe(false);
  });
});
