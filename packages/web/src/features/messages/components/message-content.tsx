import type { Message } from "@atendo/contracts";
import BlockIcon from "@mui/icons-material/Block";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { FormattedText } from "./formatted-text";
import { LocationCard } from "./location-card";
import { MediaDocument } from "./media-document";
import { MediaImage, MediaUnavailable } from "./media-image";
import { MediaPlayer } from "./media-player";
import { MessageNote } from "./message-note";
import { VcardCard } from "./vcard-card";

/**
 * What the content needs of a message: ticket messages and internal chat messages both have it;
 * `failureReason` only ticket messages (why a received file was not saved).
 */
export type ContentMessage = Pick<Message, "body" | "mediaType" | "mediaUrl" | "fileName" | "isDeleted"> & Partial<Pick<Message, "failureReason">>;

/**
 * The text for a file the server never saved, by the reason it stored (docs/decisions/0101): the
 * attendant then knows to ask the customer for it again instead of waiting for it to load.
 * Other reasons are an outgoing message's delivery failure, shown by its status.
 */
const notSavedTexts: Readonly<Record<string, string>> = { ERR_STORAGE_FULL: "messages.media.storageFull" };

const fileTypes: ReadonlySet<string> = new Set(["image", "sticker", "audio", "video", "document"]);

function notSavedText(message: ContentMessage): string | undefined {
  if (message.mediaUrl || !message.failureReason || !fileTypes.has(message.mediaType)) return undefined;
  return notSavedTexts[message.failureReason];
}

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
  const notSaved = notSavedText(message);
  if (notSaved) return captioned(<MediaUnavailable why={t(notSaved)} />);
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
