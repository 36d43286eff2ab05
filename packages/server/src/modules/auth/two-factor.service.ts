import type { TwoFactorSetupResponse, TwoFactorStatus } from "@atendo/contracts";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { sessions, twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema/index.js";
import { domainEvent, type DomainEvent } from "../../events/domain-events.js";
import { openSecret, sealSecret } from "../../secrets.js";
import { getSettingValue } from "../settings/settings.service.js";
import { verifyPassword } from "./password.js";
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from "./recovery-codes.js";
import { acceptedTimeStep, newTotpSecret, totpUrl } from "./totp.js";

// A user's TOTP second factor: enrol, turn off, reset, and check a code (decision 0095).

export type SecondFactorMethod = "totp" | "recovery";

export async function twoFactorRequiredForEveryone(ctx: AppContext): Promise<boolean> {
  return (await getSettingValue(ctx, "twoFactorRequired")) === "enabled";
}

/** Whether the user signs in with a second factor (set up and confirmed by a first code). */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  return row !== undefined;
}

export async function twoFactorStatus(ctx: AppContext, actor: Actor): Promise<TwoFactorStatus> {
  const [left] = await ctx.db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, actor.id), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: await hasTwoFactor(ctx.db, actor.id), required: await twoFactorRequiredForEveryone(ctx), recoveryCodesLeft: left?.n ?? 0 };
}

/** A new secret, waiting for its first code (`enable`); a setup not confirmed is replaced by the next. */
export async function setupTwoFactor(ctx: AppContext, actor: Actor): Promise<TwoFactorSetupResponse> {
  if (await hasTwoFactor(ctx.db, actor.id)) throw new AppError("ERR_TWO_FACTOR_ALREADY_ENABLED");
  const secret = newTotpSecret();
  const secretEncrypted = await sealSecret(ctx.db, secret);
  await ctx.db
    .insert(twoFactorSecrets)
    .values({ userId: actor.id, secretEncrypted })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { secretEncrypted, enabledAt: null, lastTimeStep: null, updatedAt: new Date() } });
  return { secret, otpauthUrl: totpUrl(secret, actor.email) };
}

/** The first code confirms the setup: the factor is on, and the ten recovery codes are answered once. */
export async function enableTwoFactor(ctx: AppContext, actor: Actor, code: string): Promise<string[]> {
  const [row] = await ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, actor.id));
  if (!row) throw new AppError("ERR_TWO_FACTOR_NOT_ENABLED");
  if (row.enabledAt) throw new AppError("ERR_TWO_FACTOR_ALREADY_ENABLED");
  const step = await acceptedTimeStep(await openSecret(ctx.db, row.secretEncrypted), code, row.lastTimeStep);
  if (step === undefined) throw new AppError("ERR_INVALID_TWO_FACTOR_CODE");
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  await ctx.events.transaction(async (tx, publish) => {
    const [enabled] = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: new Date(), lastTimeStep: step, updatedAt: new Date() })
      .where(and(eq(twoFactorSecrets.userId, actor.id), isNull(twoFactorSecrets.enabledAt)))
      .returning();
    if (!enabled) throw new AppError("ERR_TWO_FACTOR_ALREADY_ENABLED"); // a second tab won
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, actor.id));
    await tx.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId: actor.id, codeHash })));
    // Enrolled: the sign-ins that were waiting for it reach the whole app.
    await tx.update(sessions).set({ twoFactorEnrolmentPending: false }).where(eq(sessions.userId, actor.id));
    publish(credentialsChanged(actor.id, "twoFactorEnabled", actor.id));
  });
  return codes;
}

/** Turning the factor off takes a code (TOTP or recovery), and is refused while everyone must have one. */
export async function disableTwoFactor(ctx: AppContext, actor: Actor, code: string): Promise<void> {
  if (!(await hasTwoFactor(ctx.db, actor.id))) throw new AppError("ERR_TWO_FACTOR_NOT_ENABLED");
  if (await twoFactorRequiredForEveryone(ctx)) throw new AppError("ERR_TWO_FACTOR_REQUIRED");
  await ctx.events.transaction(async (tx, publish) => {
    if (!(await checkSecondFactor(tx, actor.id, code))) throw new AppError("ERR_INVALID_TWO_FACTOR_CODE");
    await removeSecondFactor(tx, actor.id);
    publish(credentialsChanged(actor.id, "twoFactorDisabled", actor.id));
  });
}

/**
 * Removes a user's second factor for them (they lost their phone and codes): an admin (`byUserId`)
 * or the command line (null). Their next sign-in is by password, and enrols again when required.
 */
export async function resetTwoFactor(db: Db, userId: number, byUserId: number | null): Promise<DomainEvent> {
  await removeSecondFactor(db, userId);
  return credentialsChanged(userId, "twoFactorReset", byUserId);
}

async function removeSecondFactor(db: Db, userId: number): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
}

/**
 * Checks and spends a code of an enrolled user: a TOTP once per time step (the step is kept, so a
 * replay fails even inside its 30 s), a recovery code once ever. Undefined: wrong, used, or not enrolled.
 */
export async function checkSecondFactor(db: Db, userId: number, code: string): Promise<SecondFactorMethod | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  if (!row) return undefined;
  if (/^\d{6}$/.test(code)) {
    const step = await acceptedTimeStep(await openSecret(db, row.secretEncrypted), code, row.lastTimeStep);
    if (step === undefined) return undefined;
    // Atomic: of two requests with the same code, one moves the step forward and the other finds it moved.
    const [spent] = await db
      .update(twoFactorSecrets)
      .set({ lastTimeStep: step })
      .where(and(eq(twoFactorSecrets.userId, userId), or(isNull(twoFactorSecrets.lastTimeStep), lt(twoFactorSecrets.lastTimeStep, step))))
      .returning({ userId: twoFactorSecrets.userId });
    return spent ? "totp" : undefined;
  }
  return (await spendRecoveryCode(db, userId, code)) ? "recovery" : undefined;
}

async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  const unused = await db
    .select()
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  for (const candidate of unused) {
    if (!(await verifyPassword(candidate.codeHash, normalized))) continue;
    const [spent] = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(twoFactorRecoveryCodes.id, candidate.id), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent !== undefined;
  }
  return false;
}

export function credentialsChanged(userId: number, change: "twoFactorEnabled" | "twoFactorDisabled" | "twoFactorReset" | "recoveryCodeUsed", byUserId: number | null): DomainEvent {
  return domainEvent("auth.credentialsChanged", { userId, change, byUserId });
}
