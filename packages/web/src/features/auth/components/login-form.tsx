import { loginEmailPattern } from "@atendo/contracts";
import { useState, type FormEvent } from "react";
import { currentLanguage, useTranslation } from "../../../lib/i18n";
import { Spinner } from "../../../components/spinner";
import { useLogin } from "../hooks/use-login";
import { OutlinedField } from "./outlined-field";
import { PasswordToggle } from "./password-toggle";

/** The contract's limit on a login password (loginBody). */
const passwordMaxLength = 200;

/**
 * The sign-in form, in plain markup (no MUI, no form library, no zod: the login page is a
 * visitor's first download). Submit stays disabled until the email matches the spec's pattern and
 * a password is typed, which is all the contract's loginBody asks; the server checks the rest.
 */
export function LoginForm({ onChallenge }: { onChallenge: (challengeToken: string) => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin(onChallenge);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [emailTouched, setEmailTouched] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const emailValid = loginEmailPattern.test(email.trim());
  const canSubmit = emailValid && password.length > 0 && !loginMutation.isPending;
  const showEmailError = emailTouched && email.length > 0 && !emailValid;

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!canSubmit) return;
    // As loginBody parses it: the address trimmed and in lower case. The page's language becomes
    // the customers' one at the first admin's sign-in (docs/decisions/0071).
    loginMutation.mutate({ email: email.trim().toLowerCase(), password, language: currentLanguage() });
  }

  return (
    <form noValidate onSubmit={submit} className="login-form">
      <OutlinedField
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setEmailTouched(true)}
        error={showEmailError ? t("validation.email") : undefined}
      />
      <OutlinedField
        label={t("auth.password")}
        name="password"
        type={passwordVisible ? "text" : "password"}
        autoComplete="current-password"
        maxLength={passwordMaxLength}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        end={<PasswordToggle visible={passwordVisible} onToggle={() => setPasswordVisible((value) => !value)} />}
      />
      <button type="submit" className={loginMutation.isPending ? "primary-button loading" : "primary-button"} disabled={!canSubmit}>
        {t("auth.signIn")}
        {loginMutation.isPending && (
          <span className="primary-button-progress">
            <Spinner size={16} label={t("common.loading")} />
          </span>
        )}
      </button>
    </form>
  );
}
