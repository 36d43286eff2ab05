import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
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

/**
 * Seals a short secret (a TOTP key) with AES-256-GCM under this install's kept key, so the column
 * alone (a table dump, a leaked export) does not give it away (decision 0095). Format:
 * `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export async function sealSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await sealingKey(db), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Opens what `sealSecret` sealed; throws when it was altered or sealed under another key. */
export async function openSecret(db: Db, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", await sealingKey(db), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

async function sealingKey(db: Db): Promise<Buffer> {
  return Buffer.from(await keptValue(db, "sealing", () => randomBytes(32).toString("base64url")), "base64url");
}
