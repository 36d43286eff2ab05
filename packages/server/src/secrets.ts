import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client.js";
import { appSecrets } from "./db/schema/index.js";

/**
 * The access-token key: JWT_SECRET when set, else one generated at first start and kept in the
 * database, so restarts keep sessions and every instance shares it without configuration.
 */
export async function loadJwtKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ key: "jwt", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, "jwt"));
  if (!row) throw new Error("could not load the token key");
  return new TextEncoder().encode(row.value);
}
