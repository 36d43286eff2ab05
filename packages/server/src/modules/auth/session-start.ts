import type { SignedInResponse } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { refreshTokens, sessions } from "../../db/schema/index.js";
import { presentUserWithQueues, type UserRow } from "../users/user.presenter.js";
import { newOpaqueToken, sha256, signAccessToken } from "./tokens.js";

export interface IssuedSession extends SignedInResponse {
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

/**
 * A new sign-in of `user`: the session, its access token and refresh cookie. Every way in (password,
 * second factor) ends here, so they answer alike. `enrolmentPending`: the session may only enrol a
 * second factor (decision 0095).
 */
export async function startSession(ctx: AppContext, user: UserRow, enrolmentPending = false): Promise<IssuedSession> {
  const [session] = await ctx.db.insert(sessions).values({ userId: user.id, twoFactorEnrolmentPending: enrolmentPending }).returning();
  if (!session) throw new AppError("ERR_INTERNAL");
  return {
    token: await accessToken(ctx, user, session.id),
    user: await presentUserWithQueues(ctx.db, user),
    refreshToken: await issueRefreshToken(ctx, session.id),
    ...(enrolmentPending ? { twoFactorEnrolmentRequired: true as const } : {}),
  };
}
