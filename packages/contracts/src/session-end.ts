// Without zod, unlike auth.ts: the sign-in page reads it, and its budget has no room for zod.

/**
 * Why the server ended a sign-in while its screen was open: `signedOut` (a logout of this sign-in,
 * from another tab), `passwordChanged` (from another sign-in, or by an administrator),
 * `passwordReset` (a reset link, or `npm run admin -- reset-password`), `removed` (the user was
 * removed), `revoked` (anything else: a stolen refresh token came back, a sign-in ended by hand).
 */
export const sessionEndReasons = ["signedOut", "passwordChanged", "passwordReset", "removed", "revoked"] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];
