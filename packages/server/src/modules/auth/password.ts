import { hash, verify } from "@node-rs/argon2";
import { randomBytes } from "node:crypto";

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and fast enough for a login endpoint.
const options = { algorithm: 2 /* Argon2id: the const enum cannot be imported under verbatimModuleSyntax */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A password for a person to copy from a terminal: 16 URL-safe characters (96 random bits). */
export function generatePassword(): string {
  return randomBytes(12).toString("base64url");
}

/** Verifying against this when the email is unknown keeps response time from revealing accounts. */
export const dummyHash = await hashPassword("atendo-timing-equaliser");
