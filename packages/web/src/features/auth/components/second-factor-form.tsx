import { useState, type FormEvent } from "react";
import { isApiError } from "../../../lib/http";
import { useTranslation } from "../../../lib/i18n";
import { Spinner } from "../../../components/spinner";
import { useSecondFactorLogin } from "../hooks/use-login";
import { OutlinedField } from "./outlined-field";

interface SecondFactorFormProps {
  challengeToken: string;
  /** Back to the password (the challenge expired, or the person wants to). */
  onRestart: () => void;
}

/**
 * The sign-in's code step (decision 0095), plain markup like the password form: the authenticator's
 * six digits (numeric keyboard, the browser's one-time-code autofill) or, after a click, a recovery
 * code. Enter submits; the field has the focus from the start.
 */
export function SecondFactorForm({ challengeToken, onRestart }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const mutation = useSecondFactorLogin();
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const trimmed = code.trim();
  const canSubmit = (recovery ? trimmed.length >= 6 : /^\d{6}$/.test(trimmed)) && !mutation.isPending;

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!canSubmit) return;
    mutation.mutate(
      { challengeToken, code: trimmed },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === "ERR_TWO_FACTOR_CHALLENGE_EXPIRED") onRestart();
          else setCode("");
        },
      },
    );
  }

  function switchKind(): void {
    setRecovery((value) => !value);
    setCode("");
  }

  return (
    <form noValidate onSubmit={submit} className="login-form">
      <p className="auth-intro">{t(recovery ? "twoFactor.login.recoveryIntro" : "twoFactor.login.intro")}</p>
      <OutlinedField
        key={recovery ? "recovery" : "totp"}
        label={t(recovery ? "twoFactor.login.recoveryCode" : "twoFactor.login.code")}
        name="code"
        autoFocus
        autoComplete={recovery ? "off" : "one-time-code"}
        inputMode={recovery ? "text" : "numeric"}
        pattern={recovery ? undefined : "[0-9]*"}
        maxLength={recovery ? 64 : 6}
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(recovery ? event.target.value : event.target.value.replace(/\D/g, ""))}
      />
      <button type="submit" className={mutation.isPending ? "primary-button loading" : "primary-button"} disabled={!canSubmit}>
        {t("twoFactor.login.verify")}
        {mutation.isPending && (
          <span className="primary-button-progress">
            <Spinner size={16} label={t("common.loading")} />
          </span>
        )}
      </button>
      <p className="auth-note">
        <button type="button" className="auth-link auth-link-button" onClick={switchKind}>
          {t(recovery ? "twoFactor.login.useApp" : "twoFactor.login.useRecovery")}
        </button>
        {" · "}
        <button type="button" className="auth-link auth-link-button" onClick={onRestart}>
          {t("twoFactor.login.back")}
        </button>
      </p>
    </form>
  );
}
