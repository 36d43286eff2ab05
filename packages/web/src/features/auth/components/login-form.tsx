import { loginBody, loginEmailPattern, type LoginBody } from "@atendo/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../../components/password-field";
import { textFieldProps } from "../../../lib/form";
import { useLogin } from "../hooks/use-login";

export function LoginForm() {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const { register, handleSubmit, control, formState } = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: "", password: "" },
  });
  const [email, password] = useWatch({ control, name: ["email", "password"] });
  const emailValid = loginEmailPattern.test(email.trim());
  const canSubmit = emailValid && password.length > 0 && !loginMutation.isPending;
  const showEmailError = Boolean(formState.touchedFields.email) && email.length > 0 && !emailValid;

  return (
    <form noValidate onSubmit={handleSubmit((values) => loginMutation.mutate(values))}>
      <Stack spacing={2}>
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          autoFocus
          error={showEmailError}
          helperText={showEmailError ? t("validation.email") : undefined}
          {...textFieldProps(register("email"))}
        />
        <PasswordField label={t("auth.password")} autoComplete="current-password" {...textFieldProps(register("password"))} />
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={loginMutation.isPending}>
          {t("auth.signIn")}
        </Button>
      </Stack>
    </form>
  );
}
