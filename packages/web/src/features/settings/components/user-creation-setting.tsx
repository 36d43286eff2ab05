import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { useTranslation } from "../../../lib/i18n";
import { SectionCard } from "../../../components/section-card";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/** Whether visitors may create their own account on /signup. */
export function UserCreationSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const enabled = value === "enabled";

  function toggle(checked: boolean): void {
    mutation.mutate(
      { key: "userCreation", value: checked ? "enabled" : "disabled" },
      { onSuccess: () => toast.success(t("settings.saved")) },
    );
  }

  return (
    <SectionCard title={t("settings.userCreation.title")} description={t("settings.userCreation.description")} descriptionGap={1}>
      <FormControlLabel
        control={
          <Switch checked={enabled} disabled={value === undefined || mutation.isPending} onChange={(_event, checked) => toggle(checked)} />
        }
        label={t("settings.userCreation.label")}
      />
    </SectionCard>
  );
}
