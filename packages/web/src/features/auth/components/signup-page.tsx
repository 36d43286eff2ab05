import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "../../../lib/paths";
import { usePublicConfig } from "../../../lib/public-config";
import { AuthLayout } from "./auth-layout";
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
      <Typography variant="body2" sx={{ mt: 3, textAlign: "center" }}>
        {t("auth.haveAccount")}{" "}
        <Link component={RouterLink} to={paths.login}>
          {t("auth.signIn")}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
