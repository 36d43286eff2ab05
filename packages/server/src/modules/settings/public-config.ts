import type { PublicConfig } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import { passwordResetAvailable } from "../auth/password-reset.service.js";
import { getSettingValue } from "./settings.service.js";

/** What the login page and shell need before anyone signs in: branding, the sign-up and password-reset switches, the install's time zone. */
export async function getPublicConfig(ctx: AppContext): Promise<PublicConfig> {
  const { config } = ctx;
  return {
    appTitle: config.APP_TITLE,
    appLogoUrl: config.APP_LOGO_URL ?? null,
    loginLogoUrl: config.LOGIN_LOGO_URL ?? config.APP_LOGO_URL ?? null,
    shutdownBanner: config.SHUTDOWN_BANNER_DATE
      ? { date: config.SHUTDOWN_BANNER_DATE, migrationUrl: config.SHUTDOWN_BANNER_URL ?? null }
      : null,
    userCreation: (await getSettingValue(ctx, "userCreation")) === "enabled" ? "enabled" : "disabled",
    autoCloseHours: config.TICKETS_AUTO_CLOSE_HOURS,
    passwordReset: passwordResetAvailable(ctx),
    timeZone: config.TIME_ZONE,
    sso: config.OIDC_ISSUER ? { buttonLabel: config.OIDC_BUTTON_LABEL } : null,
    passwordSignIn: config.PASSWORD_SIGN_IN === "on",
  };
}
