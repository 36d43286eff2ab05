import type { Message } from "@atendo/contracts";
import DownloadIcon from "@mui/icons-material/Download";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "../../../lib/i18n";
import { useDownload } from "../../../lib/use-download";
import { fetchMedia } from "../api/messages.api";

/** Any other file: a download button with its name; fetched only when asked for. */
export function MediaDocument({ message }: { message: Pick<Message, "body" | "mediaUrl" | "fileName"> }) {
  const { t } = useTranslation();
  const name = message.fileName ?? (message.body || t("messages.types.document"));
  const { mediaUrl } = message;
  const { busy, download } = useDownload(() => fetchMedia(mediaUrl ?? ""), name);
  return (
    <Button
      variant="outlined"
      color="inherit"
      onClick={download}
      disabled={busy || !message.mediaUrl}
      startIcon={<InsertDriveFileOutlined />}
      endIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      aria-label={t("messages.media.download", { name })}
      sx={{ maxWidth: "100%", justifyContent: "space-between", textAlign: "left", bgcolor: "background.paper" }}
    >
      <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{name}</span>
    </Button>
  );
}
