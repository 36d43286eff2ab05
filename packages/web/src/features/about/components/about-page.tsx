import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { SectionCard } from "../../../components/section-card";
import { usePublicConfig } from "../../../lib/public-config";
import { FeedbackMessages } from "../../feedback";
import { useAbout } from "../hooks/use-about";
import { LicenceUsage } from "./licence-usage";

export function AboutPage() {
  const { t } = useTranslation();
  const query = useAbout();
  const { config } = usePublicConfig();
  const about = query.data;
  // The seats come from the server's configuration (LICENCE_USERS, LICENCE_ADMINISTRATORS).
  const overLimit = about && (about.usersCount > about.licence.users || about.administrators > about.licence.administrators);

  return (
    <Page title={t("pages.about")} narrow>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {about && (
        <Stack spacing={2}>
          <SectionCard title={t("about.licence")}>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t("about.seats")}
              </Typography>
              <LicenceUsage label={t("about.users")} used={about.usersCount} limit={about.licence.users} />
              <LicenceUsage label={t("about.administrators")} used={about.administrators} limit={about.licence.administrators} />
              <Typography variant="body2">{t("about.supervisors", { count: about.supervisors })}</Typography>
              <Alert severity={overLimit ? "error" : "info"} role="note">
                {t(overLimit ? "about.overLicence" : "about.withinLicence")}
              </Alert>
            </Stack>
          </SectionCard>
          <SectionCard title={t("about.autoClose")}>
            <Typography variant="body2">
              {config.autoCloseHours > 0
                ? t("about.autoCloseOn", { minutes: Math.round(config.autoCloseHours * 60) })
                : t("about.autoCloseOff")}
            </Typography>
          </SectionCard>
          <SectionCard title={t("about.assistant")}>
            <Typography variant="body2">
              {about.assistant.enabled ? t("about.assistantOn", { count: about.assistant.usesLast30Days }) : t("about.assistantOff")}
            </Typography>
          </SectionCard>
          <SectionCard title={t("about.versions")}>
            <Typography variant="body2">{t("about.libVersion", { version: about.libVersion })}</Typography>
            <Typography variant="body2">{t("about.systemVersion", { version: about.tagVersion })}</Typography>
          </SectionCard>
          <FeedbackMessages />
          <SectionCard title={t("about.terms")}>
            <Typography variant="body2" color="text.secondary">
              {t("about.termsText", { app: config.appTitle })}
            </Typography>
          </SectionCard>
        </Stack>
      )}
    </Page>
  );
}
