import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { WebhookGuard } from "./webhook-guard.js";

/** What is kept of a receiver's answer: enough for `{"externalId": …}`, never a flood. */
const ANSWER_MAX_BYTES = 64 * 1024;

export interface WebhookAnswer {
  status: number;
  text: string;
}

/**
 * POSTs one webhook body (or a Web Push message, whose endpoint is held to the same rules). Not `fetch`: its connection cannot be given a lookup, and the guard's
 * lookup is what checks the address actually dialled (webhook-guard.ts). Redirects are not
 * followed (a 3xx is a failed attempt), the whole exchange is bounded by `timeoutMs`, and only
 * the first 64 kB of the answer are kept.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string | Buffer, options: { timeoutMs: number; guard: WebhookGuard }): Promise<WebhookAnswer> {
  const target = new URL(url);
  options.guard.assertAddressAllowed(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body) },
      lookup: options.guard.lookup,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    request.once("error", reject);
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on("data", (chunk: Buffer) => {
        if (kept >= ANSWER_MAX_BYTES) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      response.once("error", reject);
      response.once("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8").slice(0, ANSWER_MAX_BYTES) }));
    });
    request.end(body);
  });
}
