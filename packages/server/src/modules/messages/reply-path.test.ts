import type { AppMessageEvent, Connection, Message } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { recordEvents, settle, socketPool } from "../../test/socket-client.js";
import { connectionSettled } from "../../test/presence.js";
import { openTestDatabase } from "../../test/test-database.js";

/**
 * What an attendant's reply costs (the outgoing writer, modules/messages/delivery/). Every
 * statement the database is sent during the request counts, BEGIN and COMMIT included
 * (db/client.ts `onStatement`), the request's authentication too. Nothing else runs meanwhile:
 * no jobs are started, and the connection's driver started before the count.
 */
let statements: string[] | null = null;
let database: Database;
let server: TestServer;
let owner: { id: number; token: string };
let connection: Connection;
let socket: Socket;
let baseUrl = "";
const sockets = socketPool(() => baseUrl);

beforeAll(async () => {
  database = await openTestDatabase({ onStatement: (sql) => statements?.push(sql) });
  server = await createTestServer({}, { database });
  const admin = await server.adminToken();
  owner = await server.createUser({ name: "Owner" });
  // Routed to the owner: the ticket is open and theirs. No webhook: the channel takes the message at once.
  connection = await createConnection(server, admin, { destinationType: "users", destinationItem: owner.id });
  baseUrl = await server.listen();
  socket = await sockets.connect(owner.token);
  await connectionSettled(server, owner.id);
});
afterAll(async () => {
  sockets.closeAll();
  await server.close();
  await database.close();
});

async function counted<T>(act: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  statements = [];
  try {
    const result = await act();
    return { result, sent: statements };
  } finally {
    statements = null;
  }
}

describe("an attendant's reply", () => {
  it("answers in at most 8 statements, BEGIN/COMMIT included", async () => {
    const { ticketId } = await inbound(server, connection);
    const { result, sent } = await counted(() => server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: owner.token, payload: { body: "On my way" } }));
    expect(result.statusCode).toBe(201);
    expect((result.json() as { messages: Message[] }).messages).toEqual([expect.objectContaining({ body: "On my way", fromMe: true, ack: 1, failed: false })]);
    expect(sent.length).toBeLessThanOrEqual(8);
    // The ticket is presented once (its extra info is part of every presentation) and the channel's id written once.
    expect(sent.filter((statement) => statement.includes("contact_custom_fields"))).toHaveLength(1);
    expect(sent.filter((statement) => /^update "messages" set .*"external_id" =/.test(statement))).toHaveLength(1);
  });

  it("reaches the sender's socket once as created, then once as its ack changes", async () => {
    const { ticketId } = await inbound(server, connection);
    await settle(socket);
    const heard = recordEvents<AppMessageEvent>(socket, "appMessage");
    const response = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: owner.token, payload: { body: "Hello there" } });
    const [sent] = (response.json() as { messages: Message[] }).messages;
    await settle(socket);
    expect(heard).toEqual([
      { action: "create", message: expect.objectContaining({ id: sent!.id, ack: 0 }), ticket: expect.objectContaining({ id: ticketId, lastMessage: "Hello there" }), contact: expect.objectContaining({ number: expect.any(String) }) },
      { action: "update", message: expect.objectContaining({ id: sent!.id, ack: 1, failed: false }) },
    ]);
  });
});
