import { randomInt } from "node:crypto";
import { recoveryCodeCount } from "@atendo/contracts";
import { hashPassword } from "./password.js";

// Lower-case letters and digits without the look-alikes (0/o, 1/l/i): read off paper, typed by hand.
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten codes like `k7m2p-x9qrt` (50 random bits each), shown once; the dash is only for reading. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is hashed and compared: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** argon2id, as passwords (password.ts): a stolen table does not give the codes. */
export function hashRecoveryCode(code: string): Promise<string> {
  return hashPassword(normalizeRecoveryCode(code));
}
