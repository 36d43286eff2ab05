import Stack from "@mui/material/Stack";
import { useTranslation } from "../../../lib/i18n";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { settingValue, useSettings, useSettingsLive } from "../hooks/use-settings";
import { ApiTokenSetting } from "./api-token-setting";
import { AuditRetentionSetting } from "./audit-retention-setting";
import { ConnectionAlertSetting } from "./connection-alert-setting";
import { CustomerLanguageSetting } from "./customer-language-setting";
import { OptOutKeywordsSetting } from "./opt-out-keywords-setting";
import { TwoFactorRequiredSetting } from "./two-factor-required-setting";
import { UserCreationSetting } from "./user-creation-setting";

export function SettingsPage() {
  const { t } = useTranslation();
  const query = useSettings();
  useSettingsLive();
  return (
    <Page title={t("pages.settings")} narrow>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <Stack spacing={2}>
          <UserCreationSetting value={settingValue(query.data, "userCreation")} />
          <TwoFactorRequiredSetting value={settingValue(query.data, "twoFactorRequired")} />
          <CustomerLanguageSetting value={settingValue(query.data, "customerLanguage")} />
          <OptOutKeywordsSetting value={settingValue(query.data, "optOutKeywords")} />
          <ConnectionAlertSetting value={settingValue(query.data, "connectionAlertMinutes")} />
          <ApiTokenSetting value={settingValue(query.data, "userApiToken")} />
          <AuditRetentionSetting value={settingValue(query.data, "auditRetentionDays")} />
        </Stack>
      )}
    </Page>
  );
}
