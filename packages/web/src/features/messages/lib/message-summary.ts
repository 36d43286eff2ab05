import { mediaIcons, parseLastMessage, type MessageMediaType } from "@atendo/contracts";
import { parseLocation } from "./location";
import { parseVcard } from "./vcard";
import { parseFormatting, plainText } from "./whatsapp-format";

/** One line about a message for quotes and the reply bar: its kind (i18n key) and its text. */
export interface MessageSummary {
  /** `messages.types.*` for media, null for text. */
  typeKey: string | null;
  text: string;
}

interface Summarised {
  mediaType: MessageMediaType;
  body: string;
  /** Known for a file: a body that is only the file name is no caption. */
  fileName?: string | null;
}

export function summarize(message: Summarised): MessageSummary {
  switch (message.mediaType) {
    case "chat":
    case "chat-automatic":
      return { typeKey: null, text: plainText(parseFormatting(message.body)) };
    case "location":
      return { typeKey: "messages.types.location", text: parseLocation(message.body).name };
    case "vcard":
      return { typeKey: "messages.types.vcard", text: parseVcard(message.body).name ?? "" };
    default: {
      // A media's body is its caption, or its file name when it has none.
      const caption = message.body === message.fileName ? "" : plainText(parseFormatting(message.body));
      const text = message.mediaType === "document" ? [message.fileName, caption].filter(Boolean).join(" · ") : caption;
      return { typeKey: `messages.types.${message.mediaType}`, text };
    }
  }
}

/** lib/i18n.ts's `t`, as far as a line needs it. */
export type Translate = (key: string) => string;

const icons: Partial<Record<MessageMediaType, string>> = mediaIcons;

/**
 * A message where one line of text fits (a chat row's last message, a notification): its text, or
 * for anything else its kind with an icon and what it says: "📷 Photo", "📷 Photo: the box",
 * "📄 File: report.pdf", "📍 Location: Main Square". A photo's file name is never shown.
 */
export function messageLine(message: Summarised, t: Translate): string {
  const { typeKey, text } = summarize(message);
  if (!typeKey) return text;
  const label = [icons[message.mediaType], t(typeKey)].filter(Boolean).join(" ");
  return text ? `${label}: ${text}` : label;
}

/**
 * A ticket's last message on one line (the ticket list): a text without its formatting marks, or
 * for a media, stored as its icon and what it says (contracts' lastMessageOf), its kind in the
 * reader's language as {@link messageLine} says it: "🎤 Audio", "📄 File: invoice.pdf" (issue 28).
 */
export function lastMessageLine(lastMessage: string, t: Translate): string {
  const media = parseLastMessage(lastMessage);
  if (!media) return plainText(parseFormatting(lastMessage));
  // Stored already as the line's text: a document's name, or a caption.
  return messageLine({ mediaType: media.mediaType, body: media.text, fileName: media.mediaType === "document" ? media.text : null }, t);
}
