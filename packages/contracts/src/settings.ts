import { z } from "zod";
import { languages } from "./limits.js";

/**
 * `optOutKeywords`: the customers' words for "no more messages" (opt-out.ts, issue 31); empty: off.
 * `twoFactorRequired` (enabled/disabled): every user must sign in with a second factor (issue 34).
 * `auditRetentionDays`: how long audit entries are kept (issue 34).
 */
export const settingKeys = [
  "userCreation",
  "userApiToken",
  "customerLanguage",
  "optOutKeywords",
  "connectionAlertMinutes",
  "twoFactorRequired",
  "auditRetentionDays",
] as const;
export type SettingKey = (typeof settingKeys)[number];

export const setting = z.object({ key: z.string(), value: z.string(), updatedAt: z.string() });
export type Setting = z.infer<typeof setting>;

/** `settings` socket event (admins): a setting changed. */
export const settingsEvent = z.object({
  action: z.literal("update"),
  setting: z.object({ key: z.string(), value: z.string() }),
});
export type SettingsEvent = z.infer<typeof settingsEvent>;

export const settingKeyParam = z.object({ key: z.string().min(1).max(100) });

/** PUT /settings/{key}. `userApiToken` ignores the value and generates a new token. */
export const updateSettingBody = z.object({ value: z.string().max(1000).default("") });

export const userCreationValues = ["enabled", "disabled"] as const;

/** `twoFactorRequired`: "enabled" makes every user enrol a second factor at their next sign-in. */
export const twoFactorRequiredValues = ["enabled", "disabled"] as const;

/** `auditRetentionDays`: whole days as text; entries older are pruned by an hourly job. */
export const auditRetentionDays = { default: 365, min: 1, max: 3650 } as const;

/**
 * `connectionAlertMinutes`: how long a connection may stay away from CONNECTED before admins are
 * alerted (issue 31, docs/decisions/0087), whole minutes as text; "0" turns the alerts off.
 */
export const connectionAlertMinutes = { default: 5, min: 0, max: 1440 } as const;

/**
 * `customerLanguage`: the language of the few texts Atendo itself writes to customers (a menu's
 * "not recognised" line and "end the conversation" option, the hand-over notices). Empty until
 * chosen, then routing writes in CUSTOMER_LANGUAGE, else English (docs/decisions/0065).
 */
export const customerLanguages = languages;

export const publicConfig = z.object({
  appTitle: z.string(),
  appLogoUrl: z.string().nullable(),
  loginLogoUrl: z.string().nullable(),
  shutdownBanner: z
    .object({ date: z.string(), migrationUrl: z.string().nullable() })
    .nullable(),
  userCreation: z.enum(userCreationValues),
  autoCloseHours: z.number(),
  /** "Forgot password?" works here: mail is configured, and PUBLIC_URL for the link (docs/decisions/0033). */
  passwordReset: z.boolean(),
  /**
   * The install's time zone (IANA name, `TIME_ZONE`): every date a user sees, the reports and the
   * ticket list's day filter are read on its clock, whatever the browser's zone.
   */
  timeZone: z.string(),
  /** Single sign-on (OIDC_ISSUER set): the login page's "Sign in with <buttonLabel>" (docs/decisions/0098). */
  sso: z.object({ buttonLabel: z.string() }).nullable(),
  /** False when PASSWORD_SIGN_IN=off: the login page shows the SSO button, the password form only for the break-glass administrator. */
  passwordSignIn: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
