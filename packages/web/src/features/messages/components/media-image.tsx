import type { Message } from "@atendo/contracts";
import { layout } from "@atendo/contracts";
import BrokenImageOutlined from "@mui/icons-material/BrokenImageOutlined";
import ButtonBase from "@mui/material/ButtonBase";
import Dialog from "@mui/material/Dialog";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CloseIcon from "@mui/icons-material/Close";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useMediaUrl } from "../hooks/use-message-media";

/** In place of a file that cannot be shown; `why` when the server said why it has none. */
export function MediaUnavailable({ why }: { why?: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", color: "text.secondary", py: 1 }}>
      <BrokenImageOutlined fontSize="small" />
      <Typography variant="body2">{why ?? t("messages.media.unavailable")}</Typography>
    </Stack>
  );
}

/** A photo: a 250 px preview that opens the full image; a sticker: shown as is, smaller. */
export function MediaImage({ message, sticker = false }: { message: Pick<Message, "mediaUrl" | "fileName">; sticker?: boolean }) {
  const { t } = useTranslation();
  const media = useMediaUrl(message.mediaUrl);
  const [open, setOpen] = useState(false);
  const size = sticker ? 150 : layout.mediaPreview;
  if (media.isError || !message.mediaUrl) return <MediaUnavailable />;
  if (!media.url) return <Skeleton variant="rounded" width={size} height={size} aria-label={t("messages.media.loading")} />;
  const alt = message.fileName ?? t(sticker ? "messages.types.sticker" : "messages.types.image");
  if (sticker) return <img src={media.url} alt={alt} style={{ width: size, height: size, objectFit: "contain", display: "block" }} />;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={t("messages.media.open")}
        sx={{ borderRadius: 1, overflow: "hidden", display: "block", maxWidth: "100%" }}
      >
        <img
          src={media.url}
          alt={alt}
          style={{ width: size, maxWidth: "100%", height: size, objectFit: "cover", display: "block" }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-label={alt}>
        <IconButton
          onClick={() => setOpen(false)}
          aria-label={t("messages.media.close")}
          sx={{ position: "absolute", top: 8, right: 8, bgcolor: "rgba(0,0,0,0.5)", color: "#fff", "&:hover": { bgcolor: "rgba(0,0,0,0.7)" } }}
        >
          <CloseIcon />
        </IconButton>
        <img src={media.url} alt={alt} style={{ maxWidth: "100%", maxHeight: "90vh", display: "block" }} />
      </Dialog>
    </>
  );
}
