import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import type { UploadProgress } from "../../../lib/http";
import { formatSize } from "../lib/byte-size";

/**
 * Above the composer while files go: bytes sent of the total and a Cancel button. Once every byte
 * is sent the server is storing the files: cancelling then could no longer undo the message, so
 * the button goes and the bar says it is finishing.
 */
export function UploadProgressBar({ progress, onCancel }: { progress: UploadProgress; onCancel(): void }) {
  const { t } = useTranslation();
  const uploading = progress.total === 0 || progress.sent < progress.total;
  const percent = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  const text = uploading
    ? t("messages.upload.progress", { sent: formatSize(progress.sent), total: formatSize(progress.total), percent })
    : t("messages.upload.finishing");
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, px: 2, pt: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p" role="status">
          {text}
        </Typography>
        <LinearProgress
          variant={uploading && progress.total > 0 ? "determinate" : "indeterminate"}
          value={percent}
          aria-label={t("messages.upload.label")}
          aria-valuetext={text}
        />
      </Box>
      {uploading && (
        <Button size="small" onClick={onCancel}>
          {t("messages.upload.cancel")}
        </Button>
      )}
    </Box>
  );
}
