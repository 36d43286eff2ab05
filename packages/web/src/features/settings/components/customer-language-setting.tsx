import { customerLanguages, type Language } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { SectionCard } from "../../../components/section-card";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/**
 * The language of the texts Atendo itself writes to customers (docs/decisions/0065). Not chosen
 * yet (empty) reads as English, which is what routing writes then.
 */
export function CustomerLanguageSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const current = value === undefined ? "" : value || "en";

  function choose(language: Language): void {
    mutation.mutate({ key: "customerLanguage", value: language }, { onSuccess: () => toast.success(t("settings.saved")) });
  }

  return (
    <SectionCard title={t("settings.customerLanguage.title")} description={t("settings.customerLanguage.description")} descriptionGap={2}>
      <TextField
        select
        label={t("settings.customerLanguage.label")}
        value={current}
        disabled={value === undefined || mutation.isPending}
        onChange={(event) => choose(event.target.value as Language)}
        sx={{ minWidth: 240 }}
      >
        {customerLanguages.map((language) => (
          <MenuItem key={language} value={language}>
            {t(`language.names.${language}`)}
          </MenuItem>
        ))}
      </TextField>
    </SectionCard>
  );
}
