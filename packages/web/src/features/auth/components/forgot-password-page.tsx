import { forgotPasswordBody, limits } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { FormEmailField } from "../../../components/form-text-field";
import { useContractForm } from "../../../lib/form";
import { currentLanguage, useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { useForgotPassword } from "../hooks/use-password-reset";
import { AuthForm } from "./auth-form";
import { AuthLayout } from "./auth-layout";
import { AuthSwitchLink } from "./auth-switch-link";

const schema = forgotPasswordBody.pick({ email: true });

/** /forgot-password: asks for the e-mail with a link to choose a new password (docs/decisions/0033). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { config, loaded } = usePublicConfig();
  const request = useForgotPassword();
  const form = useContractForm(schema, { email: "" });
  const submit = form.handleSubmit(({ email }) => request.mutate({ email, language: currentLanguage() }));

  return (
    <AuthLayout title={t("auth.forgotTitle")}>
      {loaded && !config.passwordReset && (
        <Alert severity="warning" role="note" sx={{ mb: 2 }}>
          {t("errors.ERR_PASSWORD_RESET_DISABLED")}
        </Alert>
      )}
      {request.isSuccess ? (
        <Alert severity="success">{t("auth.resetLinkSent", { email: request.variables.email, minutes: limits.passwordResetMinutes })}</Alert>
      ) : (
        <AuthForm onSubmit={submit} submitLabel={t("auth.sendResetLink")} pending={request.isPending}>
          <Typography variant="body2" color="text.secondary">
            {t("auth.forgotIntro")}
          </Typography>
          <FormEmailField form={form} label={t("auth.email")} autoComplete="email" autoFocus />
        </AuthForm>
      )}
      <AuthSwitchLink question={t("auth.rememberedPassword")} action={t("auth.signIn")} to={paths.login} />
    </AuthLayout>
  );
}
