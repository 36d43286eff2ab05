import type { User } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { Ref } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useConnections } from "../../connections";

interface UserConnectionFieldProps {
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The user's saved connection, shown until the list (GET /whatsapp) has loaded. */
  current?: User["whatsapp"];
}

/** The user's default connection (`whatsappId`, admins only): one of the connections, or none. */
export function UserConnectionField({ value, onChange, onBlur, name, inputRef, current }: UserConnectionFieldProps) {
  const { t } = useTranslation();
  const query = useConnections({ silent: true });
  const options = (query.data ?? []).map(({ id, name: label }) => ({ id, name: label }));
  if (value !== null && !options.some((option) => option.id === value)) {
    options.push({ id: value, name: current?.id === value ? current.name : `#${value}` });
  }
  return (
    <TextField
      select
      label={t("users.whatsapp")}
      helperText={t("users.whatsappHint")}
      value={value === null ? "" : String(value)}
      onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      onBlur={onBlur}
      name={name}
      inputRef={inputRef}
    >
      <MenuItem value="">
        <em>{t("users.noWhatsapp")}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
