import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Spinner } from "../../../components/spinner";
import { refreshSession } from "../../../lib/http";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

/** Where the server's single sign-on starts (a full navigation: the browser goes to the provider). */
const ssoStartUrl = "/api/auth/oidc/start";

/** "Sign in with <label>": a link, not a fetch, since the provider's pages take over the window. */
export function SsoButton({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <a className="primary-button sso-button" href={ssoStartUrl}>
      {t("auth.sso.signInWith", { label })}
    </a>
  );
}

/**
 * The provider's way back (docs/decisions/0098): `?sso=signedIn` means the server set the refresh
 * cookie, which this trades for a session before opening the app; `?ssoError=CODE` says why the
 * sign-in was refused, in the catalogue's words.
 */
export function SsoOutcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = params.get("sso") === "signedIn";
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    refreshSession()
      .then(() => navigate(paths.tickets, { replace: true }))
      .catch(() => setFailed(true));
  }, [signedIn, navigate]);

  const code = failed ? "ERR_SESSION_EXPIRED" : params.get("ssoError");
  if (code && /^ERR_[A-Z0-9_]+$/.test(code)) {
    // Blank while the error texts download (lib/i18n.ts), which renders again; a code this build does not know reads as the general failure.
    const text = t(`errors.${code}`);
    if (!text) return null;
    return (
      <p role="alert" className="auth-alert">
        {text === `errors.${code}` ? t("auth.sso.failed") : text}
      </p>
    );
  }
  if (!signedIn) return null;
  return (
    <p className="auth-note sso-progress" role="status">
      <Spinner size={16} label={t("common.loading")} />
      {t("auth.sso.finishing")}
    </p>
  );
}
