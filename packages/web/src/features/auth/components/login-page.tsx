import { useTranslation } from "../../../lib/i18n";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { AuthLayout } from "./auth-layout";
import { AuthSwitchLink } from "./auth-switch-link";
import { LoginForm } from "./login-form";
import { MarketingPanel } from "./marketing-panel";
import { SessionEndedNotice } from "./session-ended-notice";
import { SsoButton, SsoOutcome, useSsoOutcome } from "./sso-sign-in";
import { useSsoTexts } from "./sso-texts";

/** /login: plain markup in MUI's look (auth.css), no MUI, no zod: a visitor's first download is small (decision 0043). */
export function LoginPage() {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  // PASSWORD_SIGN_IN=off: the password form is for the break-glass administrator, one click away (docs/decisions/0098).
  const [breakGlass, setBreakGlass] = useState(false);
  const sso = config.sso ?? null;
  const passwordSignIn = config.passwordSignIn !== false;
  const showPassword = passwordSignIn || !sso || breakGlass;
  const outcome = useSsoOutcome();
  const ssoTexts = useSsoTexts(sso !== null || outcome.signedIn || outcome.errorCode !== null);
  return (
    <AuthLayout title={t("auth.loginTitle")} aside={<MarketingPanel />}>
      <SessionEndedNotice />
      {ssoTexts && <SsoOutcome texts={ssoTexts} />}
      {sso && ssoTexts && <SsoButton label={sso.buttonLabel} texts={ssoTexts} />}
      {sso && ssoTexts && showPassword && <p className="auth-divider">{ssoTexts.sso.or}</p>}
      {showPassword ? (
        <LoginForm />
      ) : (
        ssoTexts && (
          <p className="auth-note">
            <button type="button" className="auth-link link-button" onClick={() => setBreakGlass(true)}>
              {ssoTexts.sso.passwordSignIn}
            </button>
          </p>
        )
      )}
      {/* Only where the server can mail the link (SMTP and PUBLIC_URL set). */}
      {showPassword && config.passwordReset && (
        <p className="auth-note">
          <Link className="auth-link" to={paths.forgotPassword}>
            {t("auth.forgotPassword")}
          </Link>
        </p>
      )}
      {passwordSignIn && config.userCreation === "enabled" && <AuthSwitchLink question={t("auth.noAccount")} action={t("auth.signUp")} to={paths.signup} />}
    </AuthLayout>
  );
}
