import type { SessionEndReason } from "@atendo/contracts";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { sessions, users } from "../db/schema/index.js";

/** Session ids per query: well under PostgreSQL's parameter limit. */
const CHUNK = 1000;

/**
 * Closes the sockets on this instance whose sign-in is no longer valid (revoked, or its user
 * removed) and returns how many sign-ins were cut. Every revocation in this app closes the
 * sockets at once (realtime.disconnectSessions / disconnectUser); this sweep catches the ones
 * made elsewhere: `npm run admin -- reset-password` runs in its own process (docs/decisions/0033).
 * Each socket is told why first (docs/decisions/0065).
 */
export async function closeRevokedSockets(ctx: Pick<AppContext, "db" | "realtime">): Promise<number> {
  const live = ctx.realtime.localSessions();
  const revoked = new Map<string, SessionEndReason>();
  for (let i = 0; i < live.length; i += CHUNK) {
    const rows = await ctx.db
      .select({
        id: sessions.id,
        removed: users.isDeleted,
        // replacePassword stamps the new password and the sign-ins it ends with one instant.
        passwordReplaced: sql<boolean>`${users.updatedAt} = ${sessions.revokedAt}`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, live.slice(i, i + CHUNK)), or(isNotNull(sessions.revokedAt), eq(users.isDeleted, true))));
    for (const row of rows) revoked.set(row.id, row.removed ? "removed" : row.passwordReplaced ? "passwordReset" : "revoked");
  }
  if (revoked.size > 0) ctx.realtime.disconnectLocalSessions(revoked);
  return revoked.size;
}
