import { connectionAlertMinutes } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { SectionCard } from "../../../components/section-card";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/** The choices offered; a value set otherwise (through the API) is shown among them. */
const choices = [0, 1, 2, 5, 10, 15, 30, 60];

/** How long a connection may stay disconnected before admins are alerted (issue 31); 0 turns the alerts off. */
export function ConnectionAlertSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const current = value === undefined ? connectionAlertMinutes.default : Number(value);
  const options = choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);

  function choose(minutes: number): void {
    mutation.mutate({ key: "connectionAlertMinutes", value: String(minutes) }, { onSuccess: () => toast.success(t("settings.saved")) });
  }

  return (
    <SectionCard title={t("numberSafety.setting.title")} description={t("numberSafety.setting.description")} descriptionGap={1}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 220 }}
        label={t("numberSafety.setting.label")}
        value={current}
        disabled={value === undefined || mutation.isPending}
        onChange={(event) => choose(Number(event.target.value))}
      >
        {options.map((minutes) => (
          <MenuItem key={minutes} value={minutes}>
            {minutes === 0 ? t("numberSafety.setting.off") : t("numberSafety.setting.minutes", { count: minutes })}
          </MenuItem>
        ))}
      </TextField>
    </SectionCard>
  );
}
