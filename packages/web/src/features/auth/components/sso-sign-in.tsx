import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Spinner } from "../../../components/spinner";
import { refreshSession } from "../../../lib/http";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import type { SsoTexts } from "./sso-texts";

/** Where the server's single sign-on starts (a full navigation: the browser goes to the provider). */
const ssoStartUrl = "/api/auth/oidc/start";

/** "Sign in with <label>": a link, not a fetch, since the provider's pages take over the window. */
export function SsoButton({ label, texts }: { label: string; texts: SsoTexts }) {
  return (
    <a className="primary-button sso-button" href={ssoStartUrl}>
      {texts.sso.signInWith.replace("{{label}}", label)}
    </a>
  );
}

/** What the provider's way back says (docs/decisions/0098): `?sso=signedIn`, or `?ssoError=CODE`. */
export function useSsoOutcome(): { signedIn: boolean; errorCode: string | null } {
  const [params] = useSearchParams();
  const code = params.get("ssoError");
  return { signedIn: params.get("sso") === "signedIn", errorCode: code && /^ERR_[A-Z0-9_]+$/.test(code) ? code : null };
}

/**
 * `?sso=signedIn`: the server set the refresh cookie, which this trades for a session before opening
 * the app; `?ssoError=CODE`: why the sign-in was refused, in the catalogue's words.
 */
export function SsoOutcome({ texts }: { texts: SsoTexts }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, errorCode } = useSsoOutcome();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    refreshSession()
      .then(() => navigate(paths.tickets, { replace: true }))
      .catch(() => setFailed(true));
  }, [signedIn, navigate]);

  if (failed || errorCode) {
    const text = failed ? t("errors.ERR_SESSION_EXPIRED") : (texts.errors[errorCode ?? ""] ?? t("errors.ERR_INTERNAL"));
    return (
      <p role="alert" className="auth-alert">
        {text}
      </p>
    );
  }
  if (!signedIn) return null;
  return (
    <p className="auth-note sso-progress" role="status">
      <Spinner size={16} label={t("common.loading")} />
      {texts.sso.finishing}
    </p>
  );
}
