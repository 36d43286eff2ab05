import { createHash, randomBytes } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { profiles, type Profile } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: number;
  profile: Profile;
  tokenVersion: number;
  sessionId: string;
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ profile: claims.profile, ver: claims.tokenVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

/** A token verified with a key, its claims and expiry (seconds since the epoch): see verifyAccessToken. */
interface Verified {
  claims: AccessClaims;
  exp: number;
}

/** Tokens already verified, per key: at most this many each, the oldest forgotten first. */
const verifiedCacheSize = 1000;
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified>>();

/**
 * Expired → 403 ERR_TOKEN_EXPIRED (the client refreshes once); anything else → 401. A token
 * verified before with the same key is not verified again while it has not expired: every API
 * request carries one, and its signature check (an HMAC run as a Web Crypto job, the key imported
 * each time) cost 0.5 ms of an attendant's tab (issue 35). Its text is what was signed, so the
 * same text verifies the same way until `exp`, the one check that depends on the clock (jose's:
 * expired once `exp` <= now in whole seconds); a revoked sign-in is the session lookup's to refuse
 * (decision 0109).
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims> {
  let cache = verifiedTokens.get(key);
  if (!cache) verifiedTokens.set(key, (cache = new Map()));
  const known = cache.get(token);
  if (known && known.exp > Math.floor(Date.now() / 1000)) return known.claims;
  if (known) cache.delete(token);
  const claims = await verifySigned(key, token);
  if (claims.exp !== undefined) {
    if (cache.size >= verifiedCacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(token, { claims: claims.claims, exp: claims.exp });
  }
  return claims.claims;
}

async function verifySigned(key: Uint8Array, token: string): Promise<{ claims: AccessClaims; exp: number | undefined }> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    const { ver, sid } = payload;
    if (!Number.isInteger(userId) || typeof ver !== "number" || typeof sid !== "string" || !uuidPattern.test(sid)) {
      throw new AppError("ERR_SESSION_EXPIRED");
    }
    const profile = profiles.find((known) => known === payload.profile) ?? "user";
    return { claims: { userId, profile, tokenVersion: ver, sessionId: sid }, exp: payload.exp };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError("ERR_TOKEN_EXPIRED");
    throw new AppError("ERR_SESSION_EXPIRED");
  }
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
