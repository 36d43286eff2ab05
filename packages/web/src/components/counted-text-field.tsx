import TextField from "@mui/material/TextField";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "../lib/i18n";
import { textFieldProps } from "../lib/form";

interface CountedTextFieldProps {
  label: string;
  /** The length the text must have (spec §5). */
  limit: { min: number; max: number };
  /** The text's length now, trimmed. */
  length: number;
  minRows: number;
  error: boolean;
  registration: UseFormRegisterReturn;
}

/** A required long text with its length rule and a live counter under it ("8–30000 characters · 12/30000"). */
export function CountedTextField({ label, limit: { min, max }, length, minRows, error, registration }: CountedTextFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      required
      multiline
      minRows={minRows}
      maxRows={12}
      error={error}
      helperText={`${t("validation.length", { min, max })} · ${t("feedback.counter", { current: length, max })}`}
      slotProps={{ htmlInput: { maxLength: max } }}
      {...textFieldProps(registration)}
    />
  );
}
