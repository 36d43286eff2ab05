import { limits, resetPasswordBody } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useTranslation } from "../../../lib/i18n";
import { Link as RouterLink, useSearchParams } from "react-router";
import { FormTextField } from "../../../components/form-text-field";
import { isApiError } from "../../../lib/http";
import { useContractForm } from "../../../lib/form";
import { paths } from "../../../lib/paths";
import { useResetPassword } from "../hooks/use-password-reset";
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
        <form noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <FormTextField
              form={form}
              name="password"
              label={t("profile.newPassword")}
              type="password"
              required
              autoComplete="new-password"
              autoFocus
              helperText={t("validation.length", limits.userPassword)}
            />
            <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
              {t("auth.setNewPassword")}
            </Button>
          </Stack>
        </form>
      )}
      <AuthSwitchLink question={t("auth.rememberedPassword")} action={t("auth.signIn")} to={paths.login} />
    </AuthLayout>
  );
}
