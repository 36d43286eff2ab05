import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client.js";
import { appSecrets } from "./db/schema/index.js";

/**
 * A value generated at the first start and kept in the database (app_secrets), so restarts and
 * every instance share it without configuration. Two instances starting at once both try; the
 * first insert wins and both read it back.
 */
export async function keptValue(db: Db, key: string, generate: () => string): Promise<string> {
  await db.insert(appSecrets).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  if (!row) throw new Error(`could not load the kept value ${key}`);
  return row.value;
}

/**
 * The access-token key: JWT_SECRET when set, else one generated at first start and kept in the
 * database, so restarts keep sessions and every instance shares it without configuration.
 */
export async function loadJwtKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  return new TextEncoder().encode(await keptValue(db, "jwt", () => randomBytes(48).toString("base64url")));
}

/**
 * This install's identity: what tells its Redis traffic from another install's on the same Redis
 * (docs/decisions/0060). Every instance of the install reads the same one from the database; a
 * second database, even on the same server, has its own.
 */
export function loadInstallId(db: Db): Promise<string> {
  return keptValue(db, "install", () => randomBytes(8).toString("hex"));
}
