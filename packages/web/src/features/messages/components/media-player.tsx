import type { Message } from "@atendo/contracts";
import { layout } from "@atendo/contracts";
import Skeleton from "@mui/material/Skeleton";
import { useTranslation } from "../../../lib/i18n";
import { useMediaUrl } from "../hooks/use-message-media";
import { MediaUnavailable } from "./media-image";

/** Audio and video with the browser's own players (keyboard-usable, with their own controls). */
export function MediaPlayer({ message }: { message: Pick<Message, "mediaType" | "mediaUrl" | "fileName"> }) {
  const { t } = useTranslation();
  const media = useMediaUrl(message.mediaUrl);
  const video = message.mediaType === "video";
  if (media.isError || !message.mediaUrl) return <MediaUnavailable />;
  if (!media.url) {
    return <Skeleton variant="rounded" width={video ? layout.mediaPreview : 260} height={video ? layout.mediaPreview : 40} aria-label={t("messages.media.loading")} />;
  }
  const label = message.fileName ?? t(video ? "messages.types.video" : "messages.types.audio");
  if (video) {
    return <video src={media.url} controls preload="metadata" aria-label={label} style={{ width: layout.mediaPreview, maxWidth: "100%", maxHeight: 400, display: "block", borderRadius: 6 }} />;
  }
  return <audio src={media.url} controls preload="metadata" aria-label={label} style={{ width: 280, maxWidth: "100%", display: "block" }} />;
}
