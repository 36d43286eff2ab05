import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { PickerOption } from "../hooks/use-automation-pickers";

interface PickFieldProps {
  label: string;
  value: number | string | null;
  options: readonly PickerOption[];
  onChange: (value: number | string) => void;
  minWidth?: number;
}

/** A select of a rule's form (a field, an operator, a queue…): numbers stay numbers. */
export function PickField({ label, value, options, onChange, minWidth = 160 }: PickFieldProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ""}
      sx={{ minWidth }}
      onChange={(event) => {
        const picked = options.find((option) => String(option.value) === event.target.value);
        if (picked) onChange(picked.value);
      }}
    >
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
