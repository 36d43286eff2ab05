import { profiles, type Profile } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "../../../lib/i18n";
import type { SelectFieldProps } from "../../../lib/form";

/** The user's profile (spec §6), for a Controller's field (see selectFieldProps). */
export function ProfileSelect({ label, ...field }: { label: string } & SelectFieldProps<Profile>) {
  const { t } = useTranslation();
  return (
    // What a supervisor may do is not obvious from the word (decision 0099): said under the field.
    <TextField select label={label} required helperText={field.value === "supervisor" ? t("users.supervisorHint") : undefined} {...field}>
      {profiles.map((profile) => (
        <MenuItem key={profile} value={profile}>
          {t(`profile.profiles.${profile}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
