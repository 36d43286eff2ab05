import { twoFactorChallengeTtlSeconds, type TwoFactorChallengeResponse } from "@atendo/contracts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { twoFactorChallenges } from "../../db/schema/index.js";
import { newOpaqueToken, sha256 } from "./tokens.js";

/** The password passed for a user with a second factor: a token for the code step, 5 minutes, once. */
export async function newChallenge(db: Db, userId: number): Promise<TwoFactorChallengeResponse> {
  const challengeToken = newOpaqueToken();
  const expiresAt = new Date(Date.now() + twoFactorChallengeTtlSeconds * 1000);
  await db.insert(twoFactorChallenges).values({ userId, tokenHash: sha256(challengeToken), expiresAt });
  return { twoFactorRequired: true, challengeToken };
}

/**
 * Spends the challenge: the user it was given to, or undefined when it is unknown, expired or spent.
 * Called inside the code step's transaction, so a wrong code rolls the spending back.
 */
export async function spendChallenge(db: Db, challengeToken: string): Promise<number | undefined> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenges.tokenHash, sha256(challengeToken)), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, new Date())))
    .returning({ userId: twoFactorChallenges.userId });
  return row?.userId;
}
