import Alert from "@mui/material/Alert";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { AuthLayout } from "./auth-layout";
import { AuthSwitchLink } from "./auth-switch-link";
import { SignupForm } from "./signup-form";

export function SignupPage() {
  const { t } = useTranslation();
  const { config, loaded } = usePublicConfig();
  return (
    <AuthLayout title={t("auth.signupTitle")}>
      {loaded && config.userCreation === "disabled" && (
        <Alert severity="warning" role="note" sx={{ mb: 2 }}>
          {t("errors.ERR_USER_CREATION_DISABLED")}
        </Alert>
      )}
      <SignupForm />
      <AuthSwitchLink question={t("auth.haveAccount")} action={t("auth.signIn")} to={paths.login} />
    </AuthLayout>
  );
}
