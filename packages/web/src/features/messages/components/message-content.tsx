import type { Message } from "@atendo/contracts";
import BlockIcon from "@mui/icons-material/Block";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { FormattedText } from "./formatted-text";
import { LocationCard } from "./location-card";
import { MediaDocument } from "./media-document";
import { MediaImage } from "./media-image";
import { MediaPlayer } from "./media-player";
import { MessageNote } from "./message-note";
import { VcardCard } from "./vcard-card";

/** What the content needs of a message: ticket messages and internal chat messages both have it. */
export type ContentMessage = Pick<Message, "body" | "mediaType" | "mediaUrl" | "fileName" | "isDeleted">;

/** A media's caption: its body unless that is only the file name. */
function Caption({ message }: { message: ContentMessage }) {
  if (!message.body || message.body === message.fileName) return null;
  return (
    <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
      <FormattedText text={message.body} />
    </Typography>
  );
}

interface MessageContentProps {
  message: ContentMessage;
  /** Where a shared contact's "Chat" starts a conversation: the ticket's connection; null in internal chats. */
  connectionId: number | null;
}

/** What a bubble shows for each kind of message (spec §2, §3); a deleted one in italics with an icon (§4). */
export function MessageContent({ message, connectionId }: MessageContentProps) {
  const { t } = useTranslation();
  if (message.isDeleted) {
    return (
      <MessageNote Icon={BlockIcon} large italic>
        {t("messages.deleted")}
      </MessageNote>
    );
  }
  const captioned = (media: ReactNode) => (
    <>
      {media}
      <Caption message={message} />
    </>
  );
  switch (message.mediaType) {
    case "image":
      return captioned(<MediaImage message={message} />);
    case "sticker":
      return <MediaImage message={message} sticker />;
    case "audio":
    case "video":
      return captioned(<MediaPlayer message={message} />);
    case "document":
      return captioned(<MediaDocument message={message} />);
    case "location":
      return <LocationCard body={message.body} />;
    case "vcard":
      return <VcardCard body={message.body} connectionId={connectionId} />;
    case "chat-automatic":
      return (
        <>
          <MessageNote Icon={SmartToyOutlined} spaceBelow>
            {t("messages.automatic")}
          </MessageNote>
          <Typography variant="body2" component="div">
            <FormattedText text={message.body} />
          </Typography>
        </>
      );
    case "chat":
      return (
        <Typography variant="body2" component="div">
          <FormattedText text={message.body} />
        </Typography>
      );
  }
}
