import CloseIcon from "@mui/icons-material/Close";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { useObjectUrl } from "../hooks/use-message-media";
import { formatSize } from "../lib/byte-size";

function AttachmentPreview({ file, onRemove }: { file: File; onRemove(): void }) {
  const { t } = useTranslation();
  const image = file.type.startsWith("image/");
  const url = useObjectUrl(image ? file : null);
  return (
    <Stack
      role="listitem"
      direction="row"
      spacing={1}
      sx={{ alignItems: "center", border: 1, borderColor: "divider", borderRadius: 1, p: 0.5, pr: 0, bgcolor: "background.paper", maxWidth: 240 }}
    >
      {url ? (
        <img src={url} alt="" style={{ width: 40, height: 40, objectFit: "cover", borderRadius: 4 }} />
      ) : (
        <Box sx={{ width: 40, height: 40, display: "grid", placeItems: "center", bgcolor: "action.hover", borderRadius: 1 }}>
          <InsertDriveFileOutlined color="action" />
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap title={file.name}>
          {file.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatSize(file.size)}
        </Typography>
      </Box>
      <IconButton size="small" onClick={onRemove} aria-label={t("messages.composer.removeAttachment", { name: file.name })}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** The files waiting to be sent, each with a preview and a remove button. */
export function AttachmentTray({ files, onRemove }: { files: readonly File[]; onRemove(index: number): void }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Stack role="list" aria-label={t("messages.composer.attachments")} direction="row" sx={{ flexWrap: "wrap", gap: 1, px: 1, pt: 1 }}>
      {files.map((file, index) => (
        <AttachmentPreview key={`${file.name}-${file.size}-${file.lastModified}-${index}`} file={file} onRemove={() => onRemove(index)} />
      ))}
    </Stack>
  );
}
