import TextField from "@mui/material/TextField";

interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A recovery code is accepted too (letters and a dash). */
  allowRecovery?: boolean;
  autoFocus?: boolean;
}

/** The authenticator's code: numeric keyboard, the browser's one-time-code autofill, Enter submits the form. */
export function CodeField({ label, value, onChange, allowRecovery = false, autoFocus = false }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      name="code"
      value={value}
      autoFocus={autoFocus}
      autoComplete={allowRecovery ? "off" : "one-time-code"}
      onChange={(event) => onChange(allowRecovery ? event.target.value : event.target.value.replace(/\D/g, ""))}
      slotProps={{ htmlInput: { inputMode: allowRecovery ? "text" : "numeric", maxLength: allowRecovery ? 64 : 6, spellCheck: false } }}
      fullWidth
    />
  );
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}
