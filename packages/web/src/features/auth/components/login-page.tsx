import { useTranslation } from "../../../lib/i18n";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { AuthLayout } from "./auth-layout";
import { AuthSwitchLink } from "./auth-switch-link";
import { LoginForm } from "./login-form";
import { MarketingPanel } from "./marketing-panel";
import { SessionEndedNotice } from "./session-ended-notice";
import { SsoButton, SsoOutcome } from "./sso-sign-in";
import { useState } from "react";

/** /login: plain markup in MUI's look (auth.css), no MUI, no zod: a visitor's first download is small (decision 0043). */
export function LoginPage() {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  // PASSWORD_SIGN_IN=off: the password form is for the break-glass administrator, one click away (docs/decisions/0098).
  const [breakGlass, setBreakGlass] = useState(false);
  const showPassword = config.passwordSignIn || !config.sso || breakGlass;
  return (
    <AuthLayout title={t("auth.loginTitle")} aside={<MarketingPanel />}>
      <SessionEndedNotice />
      <SsoOutcome />
      {config.sso && <SsoButton label={config.sso.buttonLabel} />}
      {config.sso && showPassword && <p className="auth-divider">{t("auth.sso.or")}</p>}
      {showPassword ? (
        <LoginForm />
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
