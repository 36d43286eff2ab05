import { useTranslation } from "react-i18next";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { AuthLayout } from "./auth-layout";
import { AuthSwitchLink } from "./auth-switch-link";
import { LoginForm } from "./login-form";
import { MarketingPanel } from "./marketing-panel";

export function LoginPage() {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  return (
    <AuthLayout title={t("auth.loginTitle")} aside={<MarketingPanel />}>
      <LoginForm />
      {config.userCreation === "enabled" && <AuthSwitchLink question={t("auth.noAccount")} action={t("auth.signUp")} to={paths.signup} />}
    </AuthLayout>
  );
}
