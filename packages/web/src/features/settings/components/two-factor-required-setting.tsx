import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { useTranslation } from "../../../lib/i18n";
import { SectionCard } from "../../../components/section-card";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/** Every user must sign in with a second factor; those without one enrol at their next sign-in (decision 0095). */
export function TwoFactorRequiredSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();

  function toggle(checked: boolean): void {
    mutation.mutate(
      { key: "twoFactorRequired", value: checked ? "enabled" : "disabled" },
      { onSuccess: () => toast.success(t("settings.saved")) },
    );
  }

  return (
    <SectionCard title={t("settings.twoFactorRequired.title")} description={t("settings.twoFactorRequired.description")} descriptionGap={1}>
      <FormControlLabel
        control={
          <Switch checked={value === "enabled"} disabled={value === undefined || mutation.isPending} onChange={(_event, checked) => toggle(checked)} />
        }
        label={t("settings.twoFactorRequired.label")}
      />
    </SectionCard>
  );
}
