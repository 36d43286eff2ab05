import CheckIcon from "@mui/icons-material/Check";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n";
import { copyText } from "../lib/clipboard";
import { toast } from "../lib/toast";
import { visuallyHidden } from "./visually-hidden";

/** How long the copy button shows its confirmation. */
const copiedForMs = 2000;
/**
 * What a hidden secret shows: a fixed run of dots, not the value in a password input (a form around
 * it would offer to save it as a password) and not one dot per character (that tells its length).
 */
const mask = "•".repeat(24);
const monospace = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

interface SecretFieldProps {
  label: string;
  /** The secret; "" shows an empty field with its buttons disabled. */
  value: string;
  helperText?: string;
  /** A value that is not secret (a URL to paste elsewhere): shown as is, with the copy button only. */
  plain?: boolean;
}

/**
 * A read-only token or secret (API tokens, webhook secrets): masked until the eye button shows it,
 * with a copy button that copies the real value and confirms with "Copied".
 */
export function SecretField({ label, value, helperText, plain = false }: SecretFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const shown = plain || revealed;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedForMs);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(): Promise<void> {
    // The fallback copies the input's selection: only meaningful while the real value is in it.
    if (await copyText(value, shown ? inputRef.current : null)) setCopied(true);
    else toast.error(t("secretField.copyFailed"));
  }

  const toggleLabel = t(revealed ? "secretField.hide" : "secretField.show", { label });
  const copyLabel = copied ? t("secretField.copied") : t("secretField.copy", { label });
  return (
    <Box>
      <TextField
        label={label}
        value={shown || !value ? value : mask}
        helperText={helperText}
        inputRef={inputRef}
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, "aria-description": shown ? undefined : t("secretField.hidden") },
          input: {
            sx: { fontFamily: monospace },
            endAdornment: (
              <InputAdornment position="end">
                {!plain && (
                  <Tooltip title={toggleLabel}>
                    <span>
                      <IconButton aria-label={toggleLabel} aria-pressed={revealed} disabled={!value} onClick={() => setRevealed((on) => !on)}>
                        {revealed ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                <Tooltip title={copyLabel}>
                  <span>
                    <IconButton aria-label={copyLabel} edge="end" disabled={!value} onClick={() => void copy()}>
                      {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* Announced to screen readers; sighted users see the check mark. */}
      <Box component="span" role="status" sx={visuallyHidden}>
        {copied ? t("secretField.copied") : ""}
      </Box>
    </Box>
  );
}
