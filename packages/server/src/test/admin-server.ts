import { afterAll, beforeAll } from "vitest";
import { createTestServer, type TestServer } from "./harness.js";

export interface AdminServer {
  server: TestServer;
  /** The bootstrap admin's access token. */
  admin: string;
}

/**
 * A built (not listening) test server and its admin's token, created before the file's tests and
 * closed after them. Read the fields inside tests or later hooks: they are set once beforeAll ran.
 */
export function useAdminServer(): AdminServer {
  const t = { server: undefined as unknown as TestServer, admin: "" };
  beforeAll(async () => {
    t.server = await createTestServer();
    t.admin = await t.server.adminToken();
  });
  afterAll(() => t.server.close());
  return t;
}
