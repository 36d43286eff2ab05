import { connectionAlertMinutes } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { NumberChoiceSetting } from "./number-choice-setting";

/** How long a connection may stay disconnected before admins are alerted (issue 31); 0 turns the alerts off. */
export function ConnectionAlertSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  return (
    <NumberChoiceSetting
      settingKey="connectionAlertMinutes"
      value={value}
      defaultValue={connectionAlertMinutes.default}
      choices={[0, 1, 2, 5, 10, 15, 30, 60]}
      title={t("numberSafety.setting.title")}
      description={t("numberSafety.setting.description")}
      label={t("numberSafety.setting.label")}
      choiceText={(minutes) => (minutes === 0 ? t("numberSafety.setting.off") : t("numberSafety.setting.minutes", { count: minutes }))}
    />
  );
}
