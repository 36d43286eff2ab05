import type { Socket as TcpSocket } from "node:net";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../test/harness.js";
import { connectSocket, recordEvents } from "../test/socket-client.js";

let server: TestServer;
let baseUrl: string;
const sockets: Socket[] = [];
/** The TCP sockets of websocket upgrades, as the server holds them. */
const upgraded: TcpSocket[] = [];
beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  server.app.server.on("upgrade", (_request: unknown, tcp: TcpSocket) => upgraded.push(tcp));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

/** The client's end of the TCP connection under its websocket (socket.io-client → engine.io-client → ws), untyped there. */
function clientTcp(socket: Socket): TcpSocket {
  const engine = socket.io.engine as unknown as { transport: { ws: { _socket: TcpSocket } } };
  return engine.transport.ws._socket;
}

/** The server's end of the client's TCP connection, its writes (each one system call) counted from now on. */
function countServerWrites(socket: Socket, upgraded: TcpSocket[]): { count: number } {
  const localPort = clientTcp(socket).localPort;
  const tcp = upgraded.find((candidate) => candidate.remotePort === localPort);
  if (!tcp) throw new Error("the server's end of the socket was not seen upgrading");
  const writes = { count: 0 };
  const stream = tcp as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
  for (const method of ["_write", "_writev"] as const) {
    const original = stream[method].bind(tcp);
    stream[method] = (...args: unknown[]) => {
      writes.count++;
      return original(...args);
    };
  }
  return writes;
}

/** Resolves once `count` payloads were recorded. */
function heard(received: unknown[], socket: Socket, event: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (received.length < count) return;
      socket.off(event, check);
      resolve();
    };
    socket.on(event, check);
    check();
  });
}

describe("frames sent to a socket in one burst (decision 0106)", () => {
  it("reach it in the order they were emitted, in two writes instead of one each", async () => {
    const user = await server.createUser();
    const socket = await connectSocket(baseUrl, user.token);
    sockets.push(socket);
    const writes = countServerWrites(socket, upgraded);
    const received = recordEvents<{ userId: number }>(socket, "user");

    const ids = [101, 102, 103, 104, 105];
    for (const id of ids) server.ctx.realtime.emit({ userIds: [user.id] }, "user", { action: "delete", userId: id });
    await heard(received, socket, "user", ids.length);

    expect(received.map((payload) => payload.userId)).toEqual(ids);
    // The first frame, then the four engine.io kept behind its pending write, together (without the coalescing: five).
    expect(writes.count).toBe(2);
  });

  it("still sends what is emitted after the burst", async () => {
    const user = await server.createUser();
    const socket = await connectSocket(baseUrl, user.token);
    sockets.push(socket);
    const received = recordEvents<{ userId: number }>(socket, "user");

    server.ctx.realtime.emit({ userIds: [user.id] }, "user", { action: "delete", userId: 1 });
    await heard(received, socket, "user", 1);
    server.ctx.realtime.emit({ userIds: [user.id] }, "user", { action: "delete", userId: 2 });
    await heard(received, socket, "user", 2);

    expect(received.map((payload) => payload.userId)).toEqual([1, 2]);
  });
});
