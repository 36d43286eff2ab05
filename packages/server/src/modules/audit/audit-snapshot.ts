import { createHash } from "node:crypto";
import { isAuditSecretField, type AuditEntry } from "@atendo/contracts";

type Changes = NonNullable<AuditEntry["changes"]>;
export type Snapshot = Record<string, unknown>;

/**
 * A secret's stand-in: a short fingerprint that tells "it changed" (a regenerated token) without
 * keeping anything that would let one find the secret (8 hex digits of its SHA-256).
 */
export function secretFingerprint(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `[secret ${createHash("sha256").update(text).digest("hex").slice(0, 8)}]`;
}

/** `value` with every secret field (at any depth) replaced by its fingerprint. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isAuditSecretField(key) ? secretFingerprint(inner) : redact(inner)]));
}

/** What moves on its own, not by an admin's hand: left out of the changes (a connection's status, any row's clock). */
const volatileFields = new Set(["createdAt", "updatedAt", "status", "qrcode", "retries", "battery", "plugged", "session"]);

/** JSON with object keys sorted: a snapshot read back from jsonb has its keys in jsonb's order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

/**
 * The fields whose value differs between two snapshots, `{before, after}` each (a field absent on
 * one side is null there). `before` undefined: the log has not seen the entity before, so every
 * field is new. Null when nothing changed.
 */
export function changesBetween(before: Snapshot | undefined, after: Snapshot | undefined): Changes | null {
  const changes: Changes = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (volatileFields.has(field)) continue;
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (canonical(was) !== canonical(is)) changes[field] = { before: was, after: is };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
