import { auditRetentionDays } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { SectionCard } from "../../../components/section-card";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/** The choices offered; a value set otherwise (through the API) is shown among them. */
const choices = [30, 90, 180, 365, 730, 1825, 3650];

/** How long the audit log keeps its entries (issue 34); an hourly job removes older ones. */
export function AuditRetentionSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const current = value === undefined ? auditRetentionDays.default : Number(value);
  const options = choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);

  function choose(days: number): void {
    mutation.mutate({ key: "auditRetentionDays", value: String(days) }, { onSuccess: () => toast.success(t("settings.saved")) });
  }

  return (
    <SectionCard title={t("auditLog.retention.title")} description={t("auditLog.retention.description")} descriptionGap={1}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 220 }}
        label={t("auditLog.retention.label")}
        value={current}
        disabled={value === undefined || mutation.isPending}
        onChange={(event) => choose(Number(event.target.value))}
      >
        {options.map((days) => (
          <MenuItem key={days} value={days}>
            {t("auditLog.retention.days", { count: days })}
          </MenuItem>
        ))}
      </TextField>
    </SectionCard>
  );
}
