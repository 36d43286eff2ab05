import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { domainEvent, type CredentialChange } from "../../events/domain-events.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { passwordResetTokens, sessions, users } from "../../db/schema/index.js";
import { hashPassword } from "./password.js";

/**
 * Gives a user a new password and ends everything the old one opened, in one transaction: every
 * sign-in (so every access token and refresh cookie) and every unused reset link. The caller
 * closes the live sockets after the commit (realtime.disconnectUser) when it runs in the server;
 * the admin command cannot, and the revoked-sockets job does it (docs/decisions/0033). The user
 * row and the sign-ins carry the same instant: the job reads that as "ended by a password reset"
 * and tells the screens so (docs/decisions/0065). The transaction publishes
 * `auth.credentialsChanged` (the audit log; the command line announces on a bus of its own).
 */
export async function replacePassword(
  db: Db,
  userId: number,
  password: string,
  announce: { events: DomainEvents; change: CredentialChange; byUserId: number | null },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const write = async (tx: Db) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  };
  const { events, change, byUserId } = announce;
  await events.transaction(async (tx, publish) => {
    await write(tx);
    publish(domainEvent("auth.credentialsChanged", { userId, change, byUserId }));
  }, db);
}
