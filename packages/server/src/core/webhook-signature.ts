import { createHmac } from "node:crypto";

/**
 * `sha256=<hex HMAC-SHA256 of the raw body>`, the X-Atendo-Signature header: how the API channel's
 * webhooks and the bots' webhook calls (modules/bots) are signed, so a receiver checks both alike.
 */
export function signature(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}
