import { createHash } from "node:crypto";
import type { WhaticketSource } from "./source/source.js";

/**
 * Names the source install in import_mappings from its content, not its URL: the same Whaticket
 * reached by another host name, or restored from a dump elsewhere, is the same source. The first
 * user (Whaticket's seed admin) with its creation time is stable for the life of an install.
 */
export async function sourceFingerprint(source: WhaticketSource): Promise<string> {
  const q = source.quote;
  const [first] = await source.query(`select ${q("id")} as id, ${q("email")} as email, ${q("createdAt")} as created from ${q("Users")} order by ${q("id")} limit 1`);
  const seed = first ? `${String(first.id)}|${String(first.email)}|${String(first.created).replace(/\+00$/, "")}` : "empty";
  return `whaticket:${createHash("sha256").update(seed).digest("hex").slice(0, 16)}`;
}
