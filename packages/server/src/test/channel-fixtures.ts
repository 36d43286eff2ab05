import type { ChannelInboundBody, Connection, CreateConnectionBody } from "@atendo/contracts";
import type { LightMyRequestResponse } from "fastify";
import type { TestServer } from "./harness.js";

let seq = 0;

/** A number no other fixture of this process uses (13 digits, like a Brazilian mobile). */
export function uniqueNumber(): string {
  return `55219${String(++seq).padStart(4, "0")}${String(process.pid % 10_000).padStart(4, "0")}`;
}

export function uniqueExternalId(): string {
  return `ext-${++seq}-${process.pid}`;
}

/** Creates a connection (an API one unless `kind` says otherwise) routed to the given queue or user. */
export async function createConnection(
  server: TestServer,
  token: string,
  input: Partial<CreateConnectionBody> & Pick<CreateConnectionBody, "destinationType" | "destinationItem">,
): Promise<Connection> {
  const response = await server.request({
    method: "POST",
    url: "/api/whatsapp",
    token,
    payload: { name: `Connection ${++seq}`, kind: "api", ...input },
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/whatsapp failed: ${response.body}`);
  return response.json() as Connection;
}

/** POSTs a customer's message to an API connection with its token. */
export function postInbound(
  server: TestServer,
  connection: Pick<Connection, "id" | "apiToken">,
  body: Partial<ChannelInboundBody> = {},
): Promise<LightMyRequestResponse> {
  return server.request({
    method: "POST",
    url: `/api/channels/${connection.id}/messages`,
    headers: { authorization: `Bearer ${connection.apiToken}` },
    payload: { externalId: uniqueExternalId(), from: { number: uniqueNumber(), name: "Customer" }, body: "Hello", ...body },
  });
}

/** Like postInbound, failing the test unless the message was stored. */
export async function inbound(server: TestServer, connection: Pick<Connection, "id" | "apiToken">, body: Partial<ChannelInboundBody> = {}) {
  const response = await postInbound(server, connection, body);
  if (response.statusCode !== 201) throw new Error(`inbound failed: ${response.statusCode} ${response.body}`);
  return response.json() as { messageId: number; ticketId: number; duplicate: boolean };
}
