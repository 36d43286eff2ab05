import { createHmac, timingSafeEqual } from "node:crypto";

/** The key visitor tokens are signed with: derived from the install's JWT key, for this use only. */
export function visitorTokenKey(jwtKey: Uint8Array): Buffer {
  return createHmac("sha256", jwtKey).update("webchat visitor tokens").digest();
}

function signature(key: Buffer, fields: string): string {
  return createHmac("sha256", key).update(fields).digest("base64url");
}

/**
 * A visitor's token: `v1.<connectionId>.<visitorId>.<signature>`. It names one visitor of one
 * widget and never expires by itself (the conversation outlives a browser session); it ends when
 * its visitor row goes (the connection was deleted).
 */
export function signVisitorToken(key: Buffer, connectionId: number, visitorId: number): string {
  const fields = `v1.${connectionId}.${visitorId}`;
  return `${fields}.${signature(key, fields)}`;
}

/** The connection and visitor a token names, or null for anything not signed by this install. */
export function readVisitorToken(key: Buffer, token: string | undefined): { connectionId: number; visitorId: number } | null {
  const match = /^(v1\.(\d{1,10})\.(\d{1,15}))\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return null;
  const [, fields = "", connectionId = "", visitorId = "", given = ""] = match;
  const expected = Buffer.from(signature(key, fields));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  return { connectionId: Number(connectionId), visitorId: Number(visitorId) };
}
