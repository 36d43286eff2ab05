import { eq } from "drizzle-orm";
import webPush from "web-push";
import type { Db } from "../../db/client.js";
import { appSecrets } from "../../db/schema/index.js";

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
  // Two instances starting at once both try; the first insert wins and both read it back.
  await db
    .insert(appSecrets)
    .values({ key: "vapid", value: JSON.stringify(webPush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, "vapid"));
  if (!row) throw new Error("could not load the VAPID keys");
  return JSON.parse(row.value) as VapidKeys;
}
