import { limits, type Language } from "@atendo/contracts";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { passwordResetTokens, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { generatePassword } from "./password.js";
import { passwordResetMail } from "./password-reset-mail.js";
import { breakGlassEmail } from "./password-sign-in.js";
import { replacePassword } from "./replace-password.js";
import { newOpaqueToken, sha256 } from "./tokens.js";

/**
 * "Forgot password?" needs a mailer and PUBLIC_URL: the link is never built from the request's
 * Host header, which anyone can forge to send a victim a link to their own site (docs/decisions/0033).
 */
export function passwordResetAvailable(ctx: Pick<AppContext, "mailer" | "config">): boolean {
  return Boolean(ctx.mailer && ctx.config.PUBLIC_URL);
}

export async function activeUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.isDeleted, false)))
    .limit(1);
  return user;
}

/**
 * Mails a single-use reset link to the active user holding `email`, if any. The caller answers
 * the same either way; the mail is sent in the background so the answer's timing does not tell
 * either. At most `passwordResetMailsPerHour` links per account per hour (no mailbox flooding).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, language: Language): Promise<void> {
  // passwordResetAvailable, spelled out so the types know both are set.
  const { mailer, config } = ctx;
  const publicUrl = config.PUBLIC_URL;
  if (!mailer || !publicUrl) throw new AppError("ERR_PASSWORD_RESET_DISABLED");
  // Passwords off: only the break-glass address has one to reset; others are answered alike, mailed nothing (decision 0098).
  if (config.PASSWORD_SIGN_IN === "off" && email.toLowerCase() !== breakGlassEmail(config)) return;
  const user = await activeUserByEmail(ctx.db, email);
  if (!user) return;
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(Date.now() - 3_600_000))));
  if ((recent?.n ?? 0) >= limits.passwordResetMailsPerHour) return;

  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + limits.passwordResetMinutes * 60_000);
  await ctx.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: sha256(token), expiresAt });
  const link = `${publicUrl.replace(/\/+$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = passwordResetMail(user.email, language, {
    appTitle: config.APP_TITLE,
    name: user.name,
    link,
    minutes: limits.passwordResetMinutes,
  });
  mailer.send(mail).catch((error: unknown) => ctx.log.error({ err: error, userId: user.id }, "password reset mail failed"));
}

/**
 * Spends a reset link and sets the new password: every sign-in of the user ends, on every
 * instance, sockets included. An unknown, used or expired link, or one of a removed user,
 * answers ERR_INVALID_RESET_TOKEN.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const [claimed] = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) throw new AppError("ERR_INVALID_RESET_TOKEN");
  const [user] = await ctx.db.select({ isDeleted: users.isDeleted }).from(users).where(eq(users.id, claimed.userId)).limit(1);
  if (!user || user.isDeleted) throw new AppError("ERR_INVALID_RESET_TOKEN");
  await replacePassword(ctx.db, claimed.userId, password, { events: ctx.events, change: "passwordReset", byUserId: null });
  ctx.realtime.disconnectUser(claimed.userId, "passwordReset");
}

/**
 * `npm run admin -- reset-password <email>`: a new generated password for the active user holding
 * `email`, every sign-in of theirs ended. ERR_NO_USER_FOUND when nobody active has that email.
 */
export async function resetPasswordByEmail(db: Db, email: string, events: DomainEvents): Promise<{ email: string; password: string }> {
  const user = await activeUserByEmail(db, email.trim());
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  const password = generatePassword();
  await replacePassword(db, user.id, password, { events, change: "passwordReset", byUserId: null });
  return { email: user.email, password };
}
