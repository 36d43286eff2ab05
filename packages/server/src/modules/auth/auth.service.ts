import type { LoginBody, SignupBody, TwoFactorChallengeResponse } from "@atendo/contracts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { refreshTokens, sessions, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { adoptCustomerLanguage } from "../settings/customer-language.js";
import { getSettingValue } from "../settings/settings.service.js";
import type { SignInAttempt } from "../../events/domain-events.js";
import { presentUser, presentUserWithQueues } from "../users/user.presenter.js";
import { acceptLegacyPassword } from "./legacy-password.js";
import { assertBreakGlassAdmin, assertPasswordSignInAllowed } from "./password-sign-in.js";
import { dummyHash, hashPassword, verifyPassword } from "./password.js";
import { accessToken, issueRefreshToken, startSession, type IssuedSession } from "./session-start.js";
import { sha256 } from "./tokens.js";
import { newChallenge } from "./two-factor-challenge.js";
import { hasTwoFactor, twoFactorRequiredForEveryone } from "./two-factor.service.js";

/** A concurrent refresh from a second tab within this window is a race, not a stolen token. */
const REUSE_GRACE_MS = 30_000;

export type { IssuedSession };

/**
 * POST /auth/login: the password step. A user with a second factor gets a challenge for the code
 * step (second-factor-login.service.ts) instead of a session; while the `twoFactorRequired` setting
 * is on, one without gets a session that may only enrol (decision 0095). Each outcome is an
 * `auth.signIn` event.
 */
export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<IssuedSession | TwoFactorChallengeResponse> {
  const throttle = ctx.loginThrottle;
  const signIn = (attempt: Omit<SignInAttempt, "email" | "method">) => ctx.events.emit("auth.signIn", { ...attempt, email: body.email, method: "password" });
  try {
    assertPasswordSignInAllowed(ctx.config, body.email);
    throttle.check(ip, body.email);
  } catch (error) {
    if (error instanceof AppError) await signIn({ userId: null, outcome: "failure", reason: error.code });
    throw error;
  }
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${body.email}`, eq(users.isDeleted, false)))
    .limit(1);
  const valid =
    (await verifyPassword(user?.passwordHash ?? dummyHash, body.password)) || (user !== undefined && (await acceptLegacyPassword(ctx.db, user, body.password)));
  if (!user || !valid) {
    throttle.recordFailure(ip, body.email);
    await signIn({ userId: user?.id ?? null, outcome: "failure", reason: "ERR_INVALID_CREDENTIALS" });
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  try {
    assertBreakGlassAdmin(ctx.config, user);
  } catch (error) {
    if (error instanceof AppError) await signIn({ userId: user.id, outcome: "failure", reason: error.code });
    throw error;
  }
  if (body.language && user.profile === "admin") await adoptCustomerLanguage(ctx, body.language);
  if (await hasTwoFactor(ctx.db, user.id)) {
    // The failures are forgiven only after the code: a known password must not reset the count of wrong codes.
    const challenge = await newChallenge(ctx.db, user.id);
    await signIn({ userId: user.id, outcome: "secondFactorRequired" });
    return challenge;
  }
  throttle.recordSuccess(ip, body.email);
  const session = await startSession(ctx, user, await twoFactorRequiredForEveryone(ctx));
  await signIn({ userId: user.id, outcome: "success" });
  return session;
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
    .select({ user: users, enrolmentPending: sessions.twoFactorEnrolmentPending })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!found || found.user.isDeleted) throw new AppError("ERR_SESSION_EXPIRED");
  return {
    token: await accessToken(ctx, found.user, row.sessionId),
    user: await presentUserWithQueues(ctx.db, found.user),
    refreshToken: claimed ? await issueRefreshToken(ctx, row.sessionId) : undefined,
    ...(found.enrolmentPending ? { twoFactorEnrolmentRequired: true as const } : {}),
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
  // A password account could not sign in while passwords are off (decision 0098).
  if (ctx.config.PASSWORD_SIGN_IN === "off") throw new AppError("ERR_PASSWORD_SIGN_IN_DISABLED");
  if ((await getSettingValue(ctx, "userCreation")) !== "enabled") throw new AppError("ERR_USER_CREATION_DISABLED");
  const [user] = await ctx.db
    .insert(users)
    .values({ name: body.name, email: body.email, passwordHash: await hashPassword(body.password), profile: "user" })
    .returning();
  if (!user) throw new AppError("ERR_INTERNAL");
  return presentUser(user);
}
