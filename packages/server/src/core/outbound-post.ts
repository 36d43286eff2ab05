import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { OutboundGuard } from "./outbound-guard.js";

/** What is kept of a receiver's answer: enough for `{"externalId": …}`, never a flood. */
const ANSWER_MAX_BYTES = 64 * 1024;

export interface OutboundAnswer {
  status: number;
  text: string;
}

/**
 * POSTs one body to a URL someone else chose (a webhook, a Web Push endpoint), held to the
 * guard's rules. Not `fetch`: its connection cannot be given a lookup, and the guard's lookup is
 * what checks the address actually dialled (outbound-guard.ts). Redirects are not followed (a
 * 3xx is a failed attempt), the whole exchange is bounded by `timeoutMs`, and only the first
 * 64 kB of the answer are kept.
 */
export function postOutbound(url: string, headers: Record<string, string>, body: string | Buffer, options: { timeoutMs: number; guard: OutboundGuard }): Promise<OutboundAnswer> {
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
