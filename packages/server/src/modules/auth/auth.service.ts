import type { LoginBody, SessionResponse, SignupBody } from "@atendo/contracts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { refreshTokens, sessions, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { adoptCustomerLanguage } from "../settings/customer-language.js";
import { getSettingValue } from "../settings/settings.service.js";
import { presentUser, presentUserWithQueues, type UserRow } from "../users/user.presenter.js";
import { acceptLegacyPassword } from "./legacy-password.js";
import { assertBreakGlassAdmin, assertPasswordSignInAllowed } from "./password-sign-in.js";
import { dummyHash, hashPassword, verifyPassword } from "./password.js";
import { newOpaqueToken, sha256, signAccessToken } from "./tokens.js";

/** A concurrent refresh from a second tab within this window is a race, not a stolen token. */
const REUSE_GRACE_MS = 30_000;

export interface IssuedSession extends SessionResponse {
  /** New refresh cookie value, or undefined when the browser already holds the current one. */
  refreshToken?: string;
}

export async function accessToken(ctx: AppContext, user: UserRow, sessionId: string): Promise<string> {
  return signAccessToken(
    ctx.jwtKey,
    { userId: user.id, profile: user.profile, tokenVersion: user.tokenVersion, sessionId },
    ctx.config.ACCESS_TOKEN_TTL_SECONDS,
  );
}

export async function issueRefreshToken(ctx: AppContext, sessionId: string): Promise<string> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  await ctx.db.insert(refreshTokens).values({ sessionId, tokenHash: sha256(token), expiresAt });
  return token;
}

export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<IssuedSession> {
  assertPasswordSignInAllowed(ctx.config, body.email);
  const throttle = ctx.loginThrottle;
  throttle.check(ip, body.email);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${body.email}`, eq(users.isDeleted, false)))
    .limit(1);
  const valid =
    (await verifyPassword(user?.passwordHash ?? dummyHash, body.password)) || (user !== undefined && (await acceptLegacyPassword(ctx.db, user, body.password)));
  if (!user || !valid) {
    throttle.recordFailure(ip, body.email);
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  throttle.recordSuccess(ip, body.email);
  assertBreakGlassAdmin(ctx.config, user);
  if (body.language && user.profile === "admin") await adoptCustomerLanguage(ctx, body.language);
  const [session] = await ctx.db.insert(sessions).values({ userId: user.id }).returning();
  if (!session) throw new AppError("ERR_INTERNAL");
  return {
    token: await accessToken(ctx, user, session.id),
    user: await presentUserWithQueues(ctx.db, user),
    refreshToken: await issueRefreshToken(ctx, session.id),
  };
}

export async function refresh(ctx: AppContext, cookieValue: string | undefined): Promise<IssuedSession> {
  if (!cookieValue) throw new AppError("ERR_SESSION_EXPIRED");
  const tokenHash = sha256(cookieValue);
  // Claim the token atomically: exactly one request can exchange it.
  const [claimed] = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning();
  const row =
    claimed ?? (await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0];
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new AppError("ERR_SESSION_EXPIRED");

  if (!claimed && row.usedAt && Date.now() - row.usedAt.getTime() > REUSE_GRACE_MS) {
    // A rotated token came back: someone holds a copy. End the whole session, its sockets included.
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.sessionId));
    ctx.realtime.disconnectSessions([row.sessionId], "revoked");
    throw new AppError("ERR_SESSION_EXPIRED");
  }

  const [found] = await ctx.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!found || found.user.isDeleted) throw new AppError("ERR_SESSION_EXPIRED");
  return {
    token: await accessToken(ctx, found.user, row.sessionId),
    user: await presentUserWithQueues(ctx.db, found.user),
    refreshToken: claimed ? await issueRefreshToken(ctx, row.sessionId) : undefined,
  };
}

/** Ends the session of the refresh cookie and of the access token, when either is sent, and closes its sockets. */
export async function logout(ctx: AppContext, cookieValue: string | undefined, accessSessionId?: string): Promise<void> {
  const ids = new Set<string>(accessSessionId ? [accessSessionId] : []);
  if (cookieValue) {
    const [row] = await ctx.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(cookieValue)))
      .limit(1);
    if (row) ids.add(row.sessionId);
  }
  if (ids.size === 0) return;
  await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(inArray(sessions.id, [...ids]));
  ctx.realtime.disconnectSessions([...ids], "signedOut");
}

export async function signup(ctx: AppContext, body: SignupBody) {
  if ((await getSettingValue(ctx, "userCreation")) !== "enabled") throw new AppError("ERR_USER_CREATION_DISABLED");
  const [user] = await ctx.db
    .insert(users)
    .values({ name: body.name, email: body.email, passwordHash: await hashPassword(body.password), profile: "user" })
    .returning();
  if (!user) throw new AppError("ERR_INTERNAL");
  return presentUser(user);
}
