import { generateSecret, generateURI, verify } from "otplib";

/** The issuer authenticator apps show above the account (RFC 6238 via otplib 13's functional API). */
const issuer = "Atendo";

/** A clock a step (30 s) off either way still signs in: phones drift, and typing takes time. */
const toleranceSeconds = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUrl(secret: string, accountEmail: string): string {
  return generateURI({ issuer, label: accountEmail, secret });
}

/** The code's time step when it is right for `secret` now and later than `afterTimeStep`; undefined otherwise. */
export async function acceptedTimeStep(secret: string, code: string, afterTimeStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({ secret, token: code, epochTolerance: toleranceSeconds });
  if (!result.valid || !("timeStep" in result)) return undefined; // the union also holds HOTP's answer
  // A step already used (or older) is a replay: each code signs in once (decision 0095).
  return afterTimeStep !== null && result.timeStep <= afterTimeStep ? undefined : result.timeStep;
}
