import { auditRetentionDays } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { NumberChoiceSetting } from "./number-choice-setting";

/** How long the audit log keeps its entries (issue 34); an hourly job removes older ones. */
export function AuditRetentionSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  return (
    <NumberChoiceSetting
      settingKey="auditRetentionDays"
      value={value}
      defaultValue={auditRetentionDays.default}
      choices={[30, 90, 180, 365, 730, 1825, 3650]}
      title={t("auditLog.retention.title")}
      description={t("auditLog.retention.description")}
      label={t("auditLog.retention.label")}
      choiceText={(days) => t("auditLog.retention.days", { count: days })}
    />
  );
}
