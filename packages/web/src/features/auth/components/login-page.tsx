import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { AuthLayout } from "./auth-layout";
import { LoginForm } from "./login-form";
import { MarketingPanel } from "./marketing-panel";

export function LoginPage() {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  return (
    <AuthLayout title={t("auth.loginTitle")} aside={<MarketingPanel />}>
      <LoginForm />
      {config.userCreation === "enabled" && (
        <Typography variant="body2" sx={{ mt: 3, textAlign: "center" }}>
          {t("auth.noAccount")}{" "}
          <Link component={RouterLink} to={paths.signup}>
            {t("auth.signUp")}
          </Link>
        </Typography>
      )}
    </AuthLayout>
  );
}
