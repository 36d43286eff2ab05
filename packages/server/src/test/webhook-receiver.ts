import type { WebhookPayload } from "@atendo/contracts";
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
  payload: WebhookPayload;
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
  let answer: () => { status: number; body?: unknown } = () => ({ status: 200, body: {} });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: request.headers, rawBody, payload: JSON.parse(rawBody) as WebhookPayload });
      const { status, body } = answer();
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerWith(next: () => { status: number; body?: unknown }) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
