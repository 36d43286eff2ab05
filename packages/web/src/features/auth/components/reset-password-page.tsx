import { resetPasswordBody } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import { useTranslation } from "../../../lib/i18n";
import { Link as RouterLink, useSearchParams } from "react-router";
import { FormNewPasswordField } from "../../../components/form-text-field";
import { isApiError } from "../../../lib/http";
import { useContractForm } from "../../../lib/form";
import { paths } from "../../../lib/paths";
import { useResetPassword } from "../hooks/use-password-reset";
import { AuthForm } from "./auth-form";
import { AuthLayout } from "./auth-layout";
import { AuthSwitchLink } from "./auth-switch-link";

const schema = resetPasswordBody.pick({ password: true });

/** /reset-password?token=…: the link of the "forgot password" e-mail; sets a new password once. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();
  const form = useContractForm(schema, { password: "" });
  const submit = form.handleSubmit(({ password }) => reset.mutate({ token, password }));
  const linkInvalid = !token || isApiError(reset.error, "ERR_INVALID_RESET_TOKEN");

  return (
    <AuthLayout title={t("auth.resetTitle")}>
      {linkInvalid ? (
        <Alert severity="error">
          {t("errors.ERR_INVALID_RESET_TOKEN")}{" "}
          <Link component={RouterLink} to={paths.forgotPassword}>
            {t("auth.askNewLink")}
          </Link>
        </Alert>
      ) : (
        <AuthForm onSubmit={submit} submitLabel={t("auth.setNewPassword")} pending={reset.isPending}>
          <FormNewPasswordField form={form} label={t("profile.newPassword")} required autoFocus />
        </AuthForm>
      )}
      <AuthSwitchLink question={t("auth.rememberedPassword")} action={t("auth.signIn")} to={paths.login} />
    </AuthLayout>
  );
}
