import { useState } from "react";
import { loadPageTexts, useTranslation } from "../../../lib/i18n";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { AuthLayout } from "./auth-layout";
import { AuthSwitchLink } from "./auth-switch-link";
import { LoginForm } from "./login-form";
import { MarketingPanel } from "./marketing-panel";
import { SecondFactorForm } from "./second-factor-form";
import { SessionEndedNotice } from "./session-ended-notice";
import { SsoButton, SsoOutcome } from "./sso-sign-in";

/** /login: plain markup in MUI's look (auth.css), no MUI, no zod: a visitor's first download is small (decision 0043). */
export function LoginPage() {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  // PASSWORD_SIGN_IN=off: the password form is for the break-glass administrator, one click away (docs/decisions/0098).
  const [breakGlass, setBreakGlass] = useState(false);
  const showPassword = config.passwordSignIn || !config.sso || breakGlass;
  // The code step's token once the password passed for an account with a second factor (decision 0095).
  // Its texts are among the page-only ones: no visitor without a second factor downloads them.
  const [challenge, setChallenge] = useState<string | null>(null);
  const askForCode = (challengeToken: string) => void loadPageTexts().then(() => setChallenge(challengeToken));
  if (challenge) {
    return (
      <AuthLayout title={t("twoFactor.login.title")} aside={<MarketingPanel />}>
        <SecondFactorForm challengeToken={challenge} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("auth.loginTitle")} aside={<MarketingPanel />}>
      <SessionEndedNotice />
      <SsoOutcome />
      {config.sso && <SsoButton label={config.sso.buttonLabel} />}
      {config.sso && showPassword && <p className="auth-divider">{t("auth.sso.or")}</p>}
      {showPassword ? (
        <LoginForm onChallenge={askForCode} />
      ) : (
        <p className="auth-note">
          <button type="button" className="auth-link link-button" onClick={() => setBreakGlass(true)}>
            {t("auth.sso.passwordSignIn")}
          </button>
        </p>
      )}
      {/* Only where the server can mail the link (SMTP and PUBLIC_URL set). */}
      {showPassword && config.passwordReset && (
        <p className="auth-note">
          <Link className="auth-link" to={paths.forgotPassword}>
            {t("auth.forgotPassword")}
          </Link>
        </p>
      )}
      {config.passwordSignIn && config.userCreation === "enabled" && <AuthSwitchLink question={t("auth.noAccount")} action={t("auth.signUp")} to={paths.signup} />}
    </AuthLayout>
  );
}
