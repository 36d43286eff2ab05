import type { ChatMessage } from "@atendo/contracts";
import BlockIcon from "@mui/icons-material/Block";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useMediaUrl } from "../../messages";

/** A chat message's file: image, audio or video in place, anything else as a download. */
function ChatMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const media = useMediaUrl(message.mediaUrl);
  if (media.isError) return <Typography variant="body2" color="text.secondary">{t("chats.message.mediaUnavailable")}</Typography>;
  if (!media.url) return <Box sx={{ width: 200, height: 40 }} />;
  switch (message.mediaType) {
    case "image":
    case "sticker":
      return <Box component="img" src={media.url} alt={message.fileName ?? ""} sx={{ display: "block", maxWidth: "100%", maxHeight: 280, borderRadius: 1 }} />;
    case "audio":
      return <audio controls src={media.url} aria-label={message.fileName ?? undefined} />;
    case "video":
      return <Box component="video" controls src={media.url} sx={{ maxWidth: "100%", maxHeight: 280 }} />;
    default:
      return (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
          <InsertDriveFileOutlined fontSize="small" aria-hidden />
          <Link href={media.url} download={message.fileName ?? true} variant="body2">
            {message.fileName ?? t("chats.message.download")}
          </Link>
        </Stack>
      );
  }
}

/** What a chat bubble shows: text, a file with its caption, or "message deleted" (spec §4). */
export function ChatMessageContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (message.isDeleted) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", color: "text.secondary" }}>
        <BlockIcon sx={{ fontSize: 16 }} aria-hidden />
        <Typography variant="body2" sx={{ fontStyle: "italic" }}>
          {t("chats.message.deleted")}
        </Typography>
      </Stack>
    );
  }
  const caption = message.body && message.body !== message.fileName ? message.body : null;
  return (
    <>
      {message.mediaUrl && <ChatMedia message={message} />}
      {(caption ?? (!message.mediaUrl && message.body)) && (
        <Typography variant="body2" component="div" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mt: message.mediaUrl ? 0.5 : 0 }}>
          {message.mediaUrl ? caption : message.body}
        </Typography>
      )}
    </>
  );
}
