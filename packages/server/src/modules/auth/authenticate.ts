import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import { sessions, users } from "../../db/schema/index.js";
import { verifyAccessToken } from "./tokens.js";

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return match?.[1];
}

/** Verifies an access token and loads its user and session: one query per request or socket. */
export async function authenticate(ctx: Pick<AppContext, "db" | "jwtKey">, token: string | undefined): Promise<Actor> {
  if (!token) throw new AppError("ERR_SESSION_EXPIRED");
  const claims = await verifyAccessToken(ctx.jwtKey, token);
  return actorOfSession(ctx.db, claims);
}

/**
 * The user of a live sign-in: not revoked, the user not removed, and no password change since
 * (`tokenVersion`). What an access token names, or a link signed for that sign-in.
 */
export async function actorOfSession(db: Db, claims: { userId: number; sessionId: string; tokenVersion: number }): Promise<Actor> {
  // Prepared: every API request and socket runs it, and building and planning it each time cost
  // more than running it (two key lookups).
  const query = prepared(db, "actor_of_session", (handle, name) =>
    handle
      .select({ user: users, twoFactorEnrolmentPending: sessions.twoFactorEnrolmentPending })
      .from(users)
      .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, sql.placeholder("sessionId")), isNull(sessions.revokedAt)))
      .where(eq(users.id, sql.placeholder("userId")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ userId: claims.userId, sessionId: claims.sessionId });
  if (!row || row.user.isDeleted || row.user.tokenVersion !== claims.tokenVersion) {
    throw new AppError("ERR_SESSION_EXPIRED");
  }
  return { ...row.user, sessionId: claims.sessionId, twoFactorEnrolmentPending: row.twoFactorEnrolmentPending };
}

/**
 * While a sign-in must enrol a second factor (decision 0095) it reaches only the routes that say
 * `allowedBeforeEnrolment` (enrol, its status) and the public ones (refresh, logout); sockets none.
 */
export function refuseBeforeEnrolment(actor: Actor): void {
  if (actor.twoFactorEnrolmentPending) throw new AppError("ERR_TWO_FACTOR_ENROLMENT_REQUIRED");
}
