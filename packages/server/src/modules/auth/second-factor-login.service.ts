import type { LoginSecondFactorBody } from "@atendo/contracts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { twoFactorChallenges, users } from "../../db/schema/index.js";
import type { SignInAttempt } from "../../events/domain-events.js";
import { sha256 } from "./tokens.js";
import { startSession, type IssuedSession } from "./session-start.js";
import { spendChallenge } from "./two-factor-challenge.js";
import { checkSecondFactor, credentialsChanged } from "./two-factor.service.js";

/**
 * POST /auth/login/2fa: the challenge of a passed password and a code (TOTP or recovery) make a
 * sign-in, answered as the password's would be. A wrong code counts in the login throttle against
 * the account's email, as a wrong password does, and leaves the challenge usable until it expires.
 */
export async function loginSecondFactor(ctx: AppContext, body: LoginSecondFactorBody, ip: string): Promise<IssuedSession> {
  const method = /^\d{6}$/.test(body.code) ? "totp" : "recovery";
  const signIn = (attempt: Omit<SignInAttempt, "method">) => ctx.events.emit("auth.signIn", { ...attempt, method });
  const [pending] = await ctx.db
    .select({ user: users })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(and(eq(twoFactorChallenges.tokenHash, sha256(body.challengeToken)), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, new Date())))
    .limit(1);
  if (!pending || pending.user.isDeleted) {
    await signIn({ userId: null, email: "", outcome: "failure", reason: "ERR_TWO_FACTOR_CHALLENGE_EXPIRED" });
    throw new AppError("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
  }
  const { user } = pending;
  try {
    ctx.loginThrottle.check(ip, user.email);
    await ctx.events.transaction(async (tx, publish) => {
      if ((await spendChallenge(tx, body.challengeToken)) !== user.id) throw new AppError("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
      const used = await checkSecondFactor(tx, user.id, body.code);
      if (!used) throw new AppError("ERR_INVALID_TWO_FACTOR_CODE"); // rolls the challenge back: the person may type again
      if (used === "recovery") publish(credentialsChanged(user.id, "recoveryCodeUsed", user.id));
    });
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === "ERR_INVALID_TWO_FACTOR_CODE") ctx.loginThrottle.recordFailure(ip, user.email);
      await signIn({ userId: user.id, email: user.email, outcome: "failure", reason: error.code });
    }
    throw error;
  }
  ctx.loginThrottle.recordSuccess(ip, user.email);
  const session = await startSession(ctx, user);
  await signIn({ userId: user.id, email: user.email, outcome: "success" });
  return session;
}
