import { createHmac } from "node:crypto";

/**
 * `sha256=<hex HMAC-SHA256 of the raw body>`, the X-Atendo-Signature header of every webhook Atendo
 * POSTs (the API channel's, an automation rule's, a bot's): below them all, so each signs the same way.
 */
export function signature(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}
