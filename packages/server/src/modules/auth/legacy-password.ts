import bcrypt from "bcryptjs";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { hashPassword } from "./password.js";

/**
 * The password hash of a user imported from Whaticket (docs/decisions/0049): no argon2 check
 * accepts it. While it is in place, the user's Whaticket bcrypt hash (legacy_password_hash) is.
 * Any new password (reset, an admin's edit, the first login below) replaces it, and with it the
 * bcrypt hash stops counting, whoever set the password and whether or not they cleared that column.
 */
export const IMPORTED_PASSWORD_HASH = "!imported";

interface LegacyCandidate {
  id: number;
  passwordHash: string;
  legacyPasswordHash: string | null;
}

/**
 * Accepts the Whaticket password once: on a match the password is hashed with argon2id and the
 * bcrypt hash dropped, in one conditional update (two concurrent logins rehash once).
 */
export async function acceptLegacyPassword(db: Db, user: LegacyCandidate, password: string): Promise<boolean> {
  if (user.passwordHash !== IMPORTED_PASSWORD_HASH || !user.legacyPasswordHash) return false;
  if (!(await bcrypt.compare(password, user.legacyPasswordHash))) return false;
  const updated = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), legacyPasswordHash: null, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, IMPORTED_PASSWORD_HASH)))
    .returning({ id: users.id });
  return updated.length > 0;
}
