import CloseIcon from "@mui/icons-material/Close";
import FiberManualRecord from "@mui/icons-material/FiberManualRecord";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import type { RecorderPhase } from "../hooks/use-audio-recorder";
import { formatDuration } from "../lib/message-dates";

interface RecorderBarProps {
  phase: Exclude<RecorderPhase, "idle">;
  seconds: number;
  sending: boolean;
  onSend(): void;
  onCancel(): void;
}

/** Shown instead of the input while recording: cancel, the mm:ss timer, send. */
export function RecorderBar({ phase, seconds, sending, onSend, onCancel }: RecorderBarProps) {
  const { t } = useTranslation();
  const busy = phase === "encoding" || sending;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flex: 1, minHeight: 40 }}>
      <IconButton onClick={onCancel} disabled={busy} aria-label={t("messages.recorder.cancel")}>
        <CloseIcon />
      </IconButton>
      <Box sx={{ flex: 1, display: "flex", alignItems: "center", gap: 1 }} role="status" aria-live="polite">
        {busy ? (
          <>
            <CircularProgress size={16} />
            <Typography variant="body2">{t("messages.recorder.sending")}</Typography>
          </>
        ) : (
          <>
            <FiberManualRecord sx={{ color: "error.main", fontSize: 14 }} aria-hidden />
            <Typography variant="body2">{t("messages.recorder.recording")}</Typography>
            <Typography variant="body2" component="span" sx={{ fontVariantNumeric: "tabular-nums" }} aria-label={t("messages.recorder.elapsed")}>
              {formatDuration(seconds)}
            </Typography>
          </>
        )}
      </Box>
      <IconButton color="primary" onClick={onSend} disabled={busy} aria-label={t("messages.recorder.send")}>
        <SendIcon />
      </IconButton>
    </Stack>
  );
}
