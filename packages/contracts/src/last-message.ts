import type { MessageMediaType } from "./messages.js";

/** The kinds of message that are not plain text. */
export type MediaKind = Exclude<MessageMediaType, "chat" | "chat-automatic">;

/** The icon a line about a media starts with (ticket and chat lists, notifications, quotes). */
export const mediaIcons: Record<MediaKind, string> = {
  image: "📷",
  audio: "🎤",
  video: "🎥",
  document: "📄",
  sticker: "🖼️",
  location: "📍",
  vcard: "👤",
};

/**
 * Starts a ticket's last message that stands for a media: invisible (a word joiner), it tells the
 * line from a text the customer began with the same emoji.
 */
const mediaMark = "\u2060";

interface Previewed {
  mediaType: MessageMediaType;
  /** A media's caption, or its file name when it has none. */
  body: string;
  fileName?: string | null;
}

/**
 * A ticket's last message, as the server stores it when a message is stored (issue 28: a voice
 * note showed as "1795780011272.mp3"). A ticket keeps one text, which every client reads, so a
 * media is stored as a neutral line: its icon and what it says (a caption, a document's name),
 * e.g. "📷 the box", "🎤", "📄 report.pdf". The web reads it back with {@link parseLastMessage}
 * and names the kind in the reader's language; other clients show the line as it is.
 */
export function lastMessageOf({ mediaType, body, fileName }: Previewed): string {
  if (mediaType === "chat" || mediaType === "chat-automatic") return body;
  const caption = body.trim() === (fileName ?? "").trim() ? "" : body.trim();
  // A location's or contact card's body is data (coordinates, vCard), not words to show.
  const text = mediaType === "document" ? fileName?.trim() || caption : mediaType === "location" || mediaType === "vcard" ? "" : caption;
  return `${mediaMark}${mediaIcons[mediaType]}${text ? ` ${text}` : ""}`;
}

/** A last message stored by {@link lastMessageOf} for a media: its kind and text; null for a text. */
export function parseLastMessage(lastMessage: string): { mediaType: MediaKind; text: string } | null {
  if (!lastMessage.startsWith(mediaMark)) return null;
  const line = lastMessage.slice(mediaMark.length);
  for (const [mediaType, icon] of Object.entries(mediaIcons) as [MediaKind, string][]) {
    if (line === icon) return { mediaType, text: "" };
    if (line.startsWith(`${icon} `)) return { mediaType, text: line.slice(icon.length + 1) };
  }
  return null;
}
