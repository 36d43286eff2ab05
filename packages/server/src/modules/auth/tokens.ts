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

/** Expired → 403 ERR_TOKEN_EXPIRED (the client refreshes once); anything else → 401. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    const { ver, sid } = payload;
    if (!Number.isInteger(userId) || typeof ver !== "number" || typeof sid !== "string" || !uuidPattern.test(sid)) {
      throw new AppError("ERR_SESSION_EXPIRED");
    }
    const profile = profiles.find((known) => known === payload.profile) ?? "user";
    return { userId, profile, tokenVersion: ver, sessionId: sid };
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
