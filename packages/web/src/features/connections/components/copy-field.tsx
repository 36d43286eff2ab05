import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { copyText } from "../../../lib/clipboard";
import { toast } from "../../../lib/toast";

/** A read-only value (API token, webhook secret, inbound URL) with a copy button. */
export function CopyField({ label, value, helperText }: { label: string; value: string; helperText?: string }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const copyLabel = t("connections.copy", { label });

  async function copy(): Promise<void> {
    if (await copyText(value, inputRef.current)) toast.success(t("connections.copied"));
    else toast.error(t("connections.copyFailed"));
  }

  return (
    <TextField
      label={label}
      value={value}
      helperText={helperText}
      inputRef={inputRef}
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: "ui-monospace, Menlo, Consolas, monospace" } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copyLabel}>
                <IconButton aria-label={copyLabel} edge="end" onClick={() => void copy()}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
