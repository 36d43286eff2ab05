import type { WebhookPayload } from "@atendo/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookListenerKey } from "../channels/api/webhook-listener.js";
import type { Db } from "../db/client.js";
import { eventDeliveries } from "../db/schema/index.js";

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
  payload: WebhookPayload;
  /** Date.now() when it arrived (the campaign benchmark's pace). */
  receivedAt: number;
}

/** What an integrator's receiver does: recompute the HMAC of the raw body and compare. */
export function validSignature(secret: string, rawBody: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`);
  const given = Buffer.from(String(header ?? ""));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A real HTTP webhook receiver on 127.0.0.1 whose answer the test decides. */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (request: Received) => { status: number; body?: unknown } = () => ({ status: 200, body: {} });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const one = { headers: request.headers, rawBody, payload: JSON.parse(rawBody) as WebhookPayload, receivedAt: Date.now() };
      received.push(one);
      const { status, body } = answer(one);
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** How it answers from now on; `next` sees the request (to fail a delivery's first attempt, say). */
    answerWith(next: (request: Received) => { status: number; body?: unknown }) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message's webhook deliveries still in the event outbox: owed (pending) or kept as failed; a done one is deleted. */
export function webhookDeliveriesOf(db: Db, messageId: number) {
  return db
    .select()
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.listener, webhookListenerKey), sql`${eventDeliveries.payload}->>'messageId' = ${String(messageId)}`))
    .orderBy(asc(eventDeliveries.id));
}
