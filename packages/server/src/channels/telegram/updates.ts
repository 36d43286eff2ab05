/**
 * Telegram updates → Atendo's inbound messages. Only the fields Atendo reads are typed; only
 * private chats are served (docs/decisions/0088: a group's negative id would meet a user's).
 */
import { channelIdentity, identityOf } from "@atendo/contracts";
import type { InboundMessage, MediaType } from "../channel-driver.js";
import { MAX_DOWNLOAD_BYTES, TelegramError, type BotApi } from "./bot-api.js";

export interface TgChat {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
  first_name?: string;
  last_name?: string;
  username?: string;
  title?: string;
}

interface TgFile {
  file_id: string;
  file_size?: number;
}
interface TgPhotoSize extends TgFile {
  width: number;
  height: number;
}
interface TgNamedFile extends TgFile {
  file_name?: string;
  mime_type?: string;
}

export interface TgMessage {
  message_id: number;
  date: number;
  chat: TgChat;
  from?: { id: number; is_bot: boolean; first_name: string; last_name?: string; username?: string };
  text?: string;
  caption?: string;
  photo?: TgPhotoSize[];
  document?: TgNamedFile;
  voice?: TgNamedFile;
  audio?: TgNamedFile & { title?: string; performer?: string };
  video?: TgNamedFile;
  video_note?: TgFile;
  sticker?: TgFile & { is_animated?: boolean; is_video?: boolean; emoji?: string };
  location?: { latitude: number; longitude: number };
  contact?: { phone_number: string; first_name: string; last_name?: string; vcard?: string };
  reply_to_message?: { message_id: number };
}

export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  edited_message?: TgMessage;
}

/** What Atendo asks Telegram to send (getUpdates and setWebhook): nothing it would drop anyway. */
export const allowedUpdates = ["message", "edited_message"] as const;

/** A message's id in Atendo: Telegram's message ids are per chat. */
export function externalIdOf(chatId: number | string, messageId: number): string {
  return `${chatId}:${messageId}`;
}

/** Telegram's message id inside an external id of ours (a quoted message); undefined for another channel's. */
export function messageIdOf(externalId: string): number | undefined {
  const match = /^-?\d+:(\d+)$/.exec(externalId);
  return match ? Number(match[1]) : undefined;
}

/** The Telegram chat id of a contact number (a Telegram identity); undefined for a phone number. */
export function chatIdOf(number: string): string | undefined {
  const identity = identityOf(number);
  return identity?.channel === "telegram" ? identity.id : undefined;
}

function nameOf(chat: TgChat): string | undefined {
  const name = [chat.first_name, chat.last_name].filter(Boolean).join(" ").trim();
  return name || (chat.username ? `@${chat.username}` : undefined);
}

interface FileRef {
  fileId: string;
  fileSize?: number;
  mimeType: string;
  fileName?: string;
}

/** The message's kind, text and file to fetch. A photo comes in several sizes: the largest is taken. */
function contentOf(message: TgMessage): { mediaType: MediaType; body: string; file?: FileRef } {
  const caption = message.caption ?? "";
  if (message.photo?.length) {
    const largest = message.photo.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    return { mediaType: "image", body: caption, file: { fileId: largest.file_id, fileSize: largest.file_size, mimeType: "image/jpeg" } };
  }
  const named = (mediaType: MediaType, file: TgNamedFile, mimeType: string) => ({
    mediaType,
    body: caption,
    file: { fileId: file.file_id, fileSize: file.file_size, mimeType: file.mime_type ?? mimeType, fileName: file.file_name },
  });
  if (message.voice) return named("audio", message.voice, "audio/ogg");
  if (message.audio) return named("audio", message.audio, "audio/mpeg");
  if (message.video) return named("video", message.video, "video/mp4");
  if (message.video_note) return named("video", message.video_note, "video/mp4");
  if (message.document) return named("document", message.document, "application/octet-stream");
  if (message.sticker) {
    // An animated (.tgs) or video sticker is not an image the screens can show: its emoji stands in.
    if (message.sticker.is_animated || message.sticker.is_video) return { mediaType: "chat", body: message.sticker.emoji ?? "" };
    return named("sticker", message.sticker, "image/webp");
  }
  // As every channel writes a location (thumbnail|link|name|address: whatsapp/message-mapper.ts), without a thumbnail.
  if (message.location) return { mediaType: "location", body: `|https://maps.google.com/maps?q=${message.location.latitude}%2C${message.location.longitude}&z=17||` };
  if (message.contact) {
    const c = message.contact;
    const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
    const vcard = c.vcard ?? `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL:${c.phone_number}\nEND:VCARD`;
    return { mediaType: "vcard", body: vcard };
  }
  return { mediaType: "chat", body: message.text ?? "" };
}

/** Fetches a file by its id: getFile, then the download. Bots may fetch files up to 20 MB. */
async function fetchFile(api: BotApi, file: FileRef): Promise<Buffer> {
  if (file.fileSize !== undefined && file.fileSize > MAX_DOWNLOAD_BYTES) throw new TelegramError("file too big for the Bot API", 413);
  const found = await api.call<{ file_path?: string }>("getFile", { file_id: file.fileId });
  if (!found.file_path) throw new TelegramError("getFile: no file_path", 404);
  return api.download(found.file_path);
}

/**
 * The inbound message of a new message in a private chat (its file downloaded), or null for what
 * Atendo does not serve (groups, channels, messages of bots). A file that cannot be fetched (too
 * big, gone) still delivers its message: the caption, or a note naming the file.
 */
export async function inboundOf(api: BotApi, message: TgMessage, onFileError: (error: unknown) => void): Promise<InboundMessage | null> {
  if (message.chat.type !== "private" || message.from?.is_bot) return null;
  const content = contentOf(message);
  let media: InboundMessage["media"];
  let { body, mediaType } = content;
  if (content.file) {
    try {
      media = { data: await fetchFile(api, content.file), mimeType: content.file.mimeType, ...(content.file.fileName ? { fileName: content.file.fileName } : {}) };
    } catch (error) {
      onFileError(error);
      mediaType = "chat";
      body = body || `[${content.file.fileName ?? content.mediaType}]`;
    }
  }
  return {
    externalId: externalIdOf(message.chat.id, message.message_id),
    chat: { number: channelIdentity("telegram", message.chat.id), name: nameOf(message.chat), isGroup: false },
    fromMe: false,
    body,
    mediaType,
    ...(media ? { media } : {}),
    ...(message.reply_to_message ? { quotedExternalId: externalIdOf(message.chat.id, message.reply_to_message.message_id) } : {}),
    timestamp: new Date(message.date * 1000),
  };
}

/** An edited text or caption of a private chat's message: its external id and new text. */
export function editOf(message: TgMessage): { externalId: string; body: string } | null {
  if (message.chat.type !== "private") return null;
  const body = message.text ?? message.caption;
  return body === undefined ? null : { externalId: externalIdOf(message.chat.id, message.message_id), body };
}
