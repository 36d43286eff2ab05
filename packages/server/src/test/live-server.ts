import { afterAll, beforeAll } from "vitest";
import { createTestServer, type TestServer } from "./harness.js";
import { socketPool } from "./socket-client.js";

export interface LiveServer {
  server: TestServer;
  admin: string;
  sockets: ReturnType<typeof socketPool>;
  /** Where it listens (set once beforeAll has run). */
  baseUrl(): string;
}

/**
 * A listening test server for socket tests, started before the file's tests and closed (sockets
 * first) after them. Read the fields inside tests: they are set once beforeAll has run.
 */
export function useLiveServer(): LiveServer {
  let baseUrl = "";
  const live = { server: undefined as unknown as TestServer, admin: "", sockets: socketPool(() => baseUrl), baseUrl: () => baseUrl };
  beforeAll(async () => {
    live.server = await createTestServer();
    live.admin = await live.server.adminToken();
    baseUrl = await live.server.listen();
  });
  afterAll(async () => {
    live.sockets.closeAll();
    await live.server.close();
  });
  return live;
}
