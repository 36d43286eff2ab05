import type { SettingKey } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { SectionCard } from "../../../components/section-card";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

interface NumberChoiceSettingProps {
  settingKey: SettingKey;
  /** The stored value (undefined while loading). */
  value: string | undefined;
  defaultValue: number;
  /** The choices offered; a value set otherwise (through the API) is shown among them. */
  choices: readonly number[];
  title: string;
  description: string;
  label: string;
  /** How a choice reads in the menu. */
  choiceText: (choice: number) => string;
}

/** A whole-number setting chosen from a short menu, saved on choice (the connection alert's wait, the audit log's retention). */
export function NumberChoiceSetting({ settingKey, value, defaultValue, choices, title, description, label, choiceText }: NumberChoiceSettingProps) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const current = value === undefined ? defaultValue : Number(value);
  const options = choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);

  function choose(choice: number): void {
    mutation.mutate({ key: settingKey, value: String(choice) }, { onSuccess: () => toast.success(t("settings.saved")) });
  }

  return (
    <SectionCard title={title} description={description} descriptionGap={1}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 220 }}
        label={label}
        value={current}
        disabled={value === undefined || mutation.isPending}
        onChange={(event) => choose(Number(event.target.value))}
      >
        {options.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choiceText(choice)}
          </MenuItem>
        ))}
      </TextField>
    </SectionCard>
  );
}
