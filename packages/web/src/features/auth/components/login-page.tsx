import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
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
      {/* Only where the server can mail the link (SMTP and PUBLIC_URL set). */}
      {config.passwordReset && (
        <Typography variant="body2" sx={{ mt: 2, textAlign: "center" }}>
          <Link component={RouterLink} to={paths.forgotPassword}>
            {t("auth.forgotPassword")}
          </Link>
        </Typography>
      )}
      {config.userCreation === "enabled" && <AuthSwitchLink question={t("auth.noAccount")} action={t("auth.signUp")} to={paths.signup} />}
    </AuthLayout>
  );
}
