import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { uniqueNumber } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { openTestDatabase } from "../../test/test-database.js";
import { apiTokenOf, connectedConnection, sendApi } from "../../test/send-api-fixtures.js";

/**
 * What a send through the public API costs, counted like an attendant's reply (reply-path.test.ts):
 * every statement sent during the request. No jobs run; the connection's driver started before.
 */
let statements: string[] | null = null;
let database: Database;
let server: TestServer;
let apiToken: string;

beforeAll(async () => {
  database = await openTestDatabase({ onStatement: (sql) => statements?.push(sql) });
  server = await createTestServer({}, { database });
  const admin = await server.adminToken();
  apiToken = await apiTokenOf(server, admin);
  const owner = await server.createUser();
  await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

async function countedSend(number: string): Promise<number> {
  statements = [];
  try {
    const response = await sendApi(server, apiToken, { number, body: "Counted" });
    expect(response.statusCode).toBe(201);
    return statements.length;
  } finally {
    statements = null;
  }
}

describe("a send through the public API", () => {
  it("costs at most 10 statements for a new contact and ticket, 8 into an existing ticket", async () => {
    const number = uniqueNumber();
    // Token, connection, contact, contact insert, ticket insert, ticket presented, write, claim, webhook lookup, hand-over.
    expect(await countedSend(number)).toBeLessThanOrEqual(10);
    // Token, connection, contact, active ticket, write, claim, webhook lookup, hand-over.
    expect(await countedSend(number)).toBeLessThanOrEqual(8);
  });
});
