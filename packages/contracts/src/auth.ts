import { z } from "zod";
import { email } from "./common.js";
import { limits } from "./limits.js";
import type { Language } from "./errors.js";
import { loginEmailPattern } from "./login-email.js";
import { user, userPassword } from "./users.js";
import { sessionEndReasons } from "./session-end.js";

export { loginEmailPattern };

/** Languages of the e-mails the server writes (the web app's languages). */
export const mailLanguages = ["en", "pt", "es"] as const satisfies readonly Language[];

/**
 * POST /auth/login. `language` (optional, Atendo's web app sends the page's): an admin's sign-in
 * while the `customerLanguage` setting is still unset makes it that admin's language, so
 * customers are written to in the first admin's language (docs/decisions/0071).
 */
export const loginBody = z.object({
  email: z.string().trim().toLowerCase().regex(loginEmailPattern),
  password: z.string().min(1).max(200),
  language: z.enum(mailLanguages).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const signupBody = z.object({
  name: z.string().trim().min(limits.name.min).max(limits.name.max),
  email,
  password: z.string().min(limits.signupPassword.min).max(limits.signupPassword.max),
});
export type SignupBody = z.infer<typeof signupBody>;

/**
 * POST /auth/forgot-password: the same answer whether the email belongs to someone or not; the
 * link is written in `language` (the page's). 403 `ERR_PASSWORD_RESET_DISABLED` without mail.
 */
export const forgotPasswordBody = z.object({
  email: z.string().trim().toLowerCase().max(200).regex(loginEmailPattern),
  language: z.enum(mailLanguages).default("en"),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** POST /auth/reset-password: the link's token and the new password (the user form's rule). */
export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: userPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const sessionResponse = z.object({ token: z.string(), user });
export type SessionResponse = z.infer<typeof sessionResponse>;


/**
 * `session` socket event, to the sockets of the ended sign-in only, just before the server closes
 * them: the web app goes to the sign-in page at once and says why (docs/decisions/0065).
 */
export const sessionEvent = z.object({ action: z.literal("ended"), reason: z.enum(sessionEndReasons) });
export type SessionEvent = z.infer<typeof sessionEvent>;

/** Name of the httpOnly refresh cookie. */
export const refreshCookieName = "jrt";

/** How long the second step of a sign-in may wait for its code (docs/decisions/0095). */
export const twoFactorChallengeTtlSeconds = 300;

/** How many single-use recovery codes enrolling gives. */
export const recoveryCodeCount = 10;

/**
 * A sign-in that passed: the session. `twoFactorEnrolmentRequired`: every user must have a second
 * factor and this one has none; the session may only enrol until they do (decision 0095).
 */
export const signedInResponse = sessionResponse.extend({ twoFactorEnrolmentRequired: z.literal(true).optional() });
export type SignedInResponse = z.infer<typeof signedInResponse>;

/** The password passed and the account has a second factor: send a code with this token (POST /auth/login/2fa). */
export const twoFactorChallengeResponse = z.object({ twoFactorRequired: z.literal(true), challengeToken: z.string() });
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponse>;

/** POST /auth/login: a session, or the second step it awaits. */
export const loginResponse = z.union([signedInResponse, twoFactorChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** A TOTP (six digits) or a recovery code (its dashes and case do not matter). */
export const twoFactorCode = z.string().trim().min(6).max(64);

/** POST /auth/login/2fa */
export const loginSecondFactorBody = z.object({ challengeToken: z.string().min(1).max(200), code: twoFactorCode });
export type LoginSecondFactorBody = z.infer<typeof loginSecondFactorBody>;

/** POST /auth/2fa/enable and /auth/2fa/disable */
export const twoFactorCodeBody = z.object({ code: twoFactorCode });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

/** POST /auth/2fa/setup: the new secret (base32) for manual entry and the otpauth:// URL the QR code carries. */
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

/** POST /auth/2fa/enable: the recovery codes, shown this once. */
export const twoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponse>;

/** GET /auth/2fa: whether the signed-in user has a second factor, whether everyone must, and recovery codes left. */
export const twoFactorStatus = z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
