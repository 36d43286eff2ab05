import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { http } from "../../../lib/http";
import { endSession, finishEnrolment } from "../../../lib/session";
import { TwoFactorEnrol } from "./two-factor-enrol";

/**
 * What a sign-in sees while every user must have a second factor and this one has none (decision
 * 0095): the enrolment, before any of the app (the server answers nothing else until then).
 */
/** Ends the sign-in here and on the server; the route guard then shows the login page. */
async function signOut(): Promise<void> {
  await http.delete("/auth/logout").catch(() => undefined);
  endSession();
}

export function EnrolmentPage() {
  const { t } = useTranslation();
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
          {/* Not the shell's useLogout: sharing it would split it out of the shell's chunk (bytes on /tickets). */}
          <Button onClick={() => void signOut()} sx={{ alignSelf: "flex-end" }}>
            {t("appBar.logout")}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
