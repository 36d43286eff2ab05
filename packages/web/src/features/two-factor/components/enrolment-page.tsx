import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { finishEnrolment } from "../../../lib/session";
import { useLogout } from "../../auth";
import { TwoFactorEnrol } from "./two-factor-enrol";

/**
 * What a sign-in sees while every user must have a second factor and this one has none (decision
 * 0095): the enrolment, before any of the app (the server answers nothing else until then).
 */
export function EnrolmentPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Stack component="main" sx={{ minHeight: "100dvh", alignItems: "center", justifyContent: "center", p: 2, bgcolor: "background.default" }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, width: "100%", maxWidth: 480 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t("twoFactor.requiredTitle")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("twoFactor.requiredIntro")}
          </Typography>
          <TwoFactorEnrol autoStart onDone={finishEnrolment} />
          <Button onClick={() => void logout()} sx={{ alignSelf: "flex-end" }}>
            {t("appBar.logout")}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
