import webPush from "web-push";
import type { Db } from "../../db/client.js";
import { keptValue } from "../../secrets.js";

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers take as `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (RFC 8292): generated at the first need and kept in the database,
 * so every instance signs with the same key and subscriptions survive restarts (a browser
 * subscribed with one public key cannot receive pushes signed with another).
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  return JSON.parse(await keptValue(db, "vapid", () => JSON.stringify(webPush.generateVAPIDKeys()))) as VapidKeys;
}
