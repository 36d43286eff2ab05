/**
 * A fake bot speaking Atendo's webhook bot contract (docs/decisions/0092), for tests and journeys:
 * it checks `X-Atendo-Signature` (HMAC-SHA256 of the raw body with the bot's secret; a bad one is
 * answered 401 and counted), records each request, and answers what the test scripted: by default
 * an echo; `answerWith(fn)` for anything else, `hold()` to keep answers back until `release()`
 * (a slow bot, a timeout, a reply that arrives late).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface BotRequest {
  ticketId: number;
  contact: { name: string; number: string };
  message: { body: string; mediaType: string };
}

export interface BotAnswer {
  messages?: { body: string }[];
  action?: { type: "handoff"; destinationType: string; destinationTypeId: number } | { type: "close" };
}

function signed(secret: string, rawBody: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`);
  const given = Buffer.from(String(header ?? ""));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function startWebhookBot(secret: string) {
  const received: BotRequest[] = [];
  let badSignatures = 0;
  let answer: (request: BotRequest) => BotAnswer | { status: number } = (request) => ({ messages: [{ body: `You said: ${request.message.body}` }] });
  let held: (() => void)[] | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      if (!signed(secret, rawBody, request.headers["x-atendo-signature"])) {
        badSignatures++;
        response.writeHead(401).end();
        return;
      }
      const asked = JSON.parse(rawBody) as BotRequest;
      received.push(asked);
      const reply = () => {
        const given = answer(asked);
        const status = "status" in given ? given.status : 200;
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify("status" in given ? {} : given));
      };
      if (held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bot`,
    received,
    badSignatures: () => badSignatures,
    answerWith(next: (request: BotRequest) => BotAnswer | { status: number }) {
      answer = next;
    },
    /** Answers are kept back from now on, until `release`. */
    hold() {
      held ??= [];
    },
    /** How many answers are kept back. */
    waiting: () => held?.length ?? 0,
    /** Sends the answers kept back (as scripted now) and answers at once again. */
    release() {
      const replies = held ?? [];
      held = null;
      for (const reply of replies) reply();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeWebhookBot = Awaited<ReturnType<typeof startWebhookBot>>;
