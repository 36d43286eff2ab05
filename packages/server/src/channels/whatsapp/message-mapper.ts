/**
 * Pure translation of Baileys messages into the driver-independent shapes of channel-driver.ts.
 * Identity resolution (LIDs) and media bytes need I/O, so they are left to the caller: parsing
 * names the JIDs and the media to fetch, and `toInboundMessage` assembles the final message.
 */
import {
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  normalizeMessageContent,
  toNumber,
  WAMessageStatus,
  WAMessageStubType,
  WAProto,
  type proto,
  type WAMessage,
  type WAMessageUpdate,
} from "baileys";
import type { Ack, InboundMedia, InboundMessage, MediaType } from "../channel-driver.js";

/** Fetches a media message's bytes (Baileys' downloadMediaMessage in production, a fake in tests). */
export type MediaDownloader = (message: WAMessage) => Promise<Buffer>;

export interface ParsedMessage {
  kind: "message";
  externalId: string;
  chatJid: string;
  /** In a group, the participant who wrote it. */
  senderJid?: string;
  isGroup: boolean;
  fromMe: boolean;
  pushName?: string;
  body: string;
  mediaType: MediaType;
  /** Present when there are bytes to download. */
  media?: { mimeType: string; fileName?: string };
  quotedExternalId?: string;
  timestamp: Date;
}

export type Parsed =
  | ParsedMessage
  | { kind: "edit"; externalId: string; body: string }
  | { kind: "delete"; externalId: string }
  | { kind: "ignore"; reason: string };

type Content = proto.IMessage;

/**
 * Protobuf instances answer "" / null for unset fields through their prototype, so presence is
 * tested on own keys (as Baileys' getContentType does) and defaults are taken with `||`.
 */
const has = (c: Content, field: keyof Content): boolean => Object.prototype.hasOwnProperty.call(c, field) && c[field] != null;

/** The text of a (possibly edited) message content: plain text or a media caption. */
export function textOf(content: Content | null | undefined): string {
  const c = normalizeMessageContent(content);
  if (!c) return "";
  return (
    c.conversation ||
    c.extendedTextMessage?.text ||
    c.imageMessage?.caption ||
    c.videoMessage?.caption ||
    c.documentMessage?.caption ||
    ""
  );
}

/** Spec location body: `image|link|name|address` (image a data URL or empty). */
export function locationBody(
  loc: Pick<proto.Message.ILocationMessage, "degreesLatitude" | "degreesLongitude" | "jpegThumbnail">,
  name?: string | null,
  address?: string | null,
): string {
  const thumb = loc.jpegThumbnail?.length ? `data:image/jpeg;base64,${Buffer.from(loc.jpegThumbnail).toString("base64")}` : "";
  const link = `https://maps.google.com/maps?q=${loc.degreesLatitude ?? 0}%2C${loc.degreesLongitude ?? 0}&z=17`;
  // A "|" inside a field would shift the columns the web splits on.
  const clean = (s: string | null | undefined) => (s ?? "").replace(/\|/g, "/").replace(/\n/g, " ");
  return [thumb, link, clean(name), clean(address)].join("|");
}

type Body = Pick<ParsedMessage, "body" | "mediaType" | "media">;

/** Body, media type and downloadable media of a normalised content; undefined when unsupported. */
function bodyOf(c: Content): Body | undefined {
  if (has(c, "conversation")) return { body: c.conversation || "", mediaType: "chat" };
  if (c.extendedTextMessage) return { body: c.extendedTextMessage.text || "", mediaType: "chat" };
  if (c.imageMessage) {
    const m = c.imageMessage;
    return { body: m.caption || "", mediaType: "image", media: { mimeType: m.mimetype || "image/jpeg" } };
  }
  if (c.videoMessage) {
    const m = c.videoMessage;
    return { body: m.caption || "", mediaType: "video", media: { mimeType: m.mimetype || "video/mp4" } };
  }
  if (c.audioMessage) {
    // Voice notes (ptt) and audio files are both "audio" for the spec.
    return { body: "", mediaType: "audio", media: { mimeType: c.audioMessage.mimetype || "audio/ogg; codecs=opus" } };
  }
  if (c.documentMessage) {
    const m = c.documentMessage;
    const fileName = m.fileName || m.title || undefined;
    return {
      body: m.caption || fileName || "",
      mediaType: "document",
      media: { mimeType: m.mimetype || "application/octet-stream", ...(fileName ? { fileName } : {}) },
    };
  }
  if (c.stickerMessage) return { body: "", mediaType: "sticker", media: { mimeType: c.stickerMessage.mimetype || "image/webp" } };
  if (c.locationMessage) {
    const m = c.locationMessage;
    return { body: locationBody(m, m.name, m.address), mediaType: "location" };
  }
  if (c.liveLocationMessage) {
    const m = c.liveLocationMessage;
    return { body: locationBody(m, "", m.caption), mediaType: "location" };
  }
  if (c.contactMessage) return { body: c.contactMessage.vcard || "", mediaType: "vcard" };
  if (c.contactsArrayMessage) {
    const cards = (c.contactsArrayMessage.contacts ?? []).map((contact) => contact.vcard || "").filter(Boolean);
    return { body: cards.join("\n"), mediaType: "vcard" };
  }
  return undefined;
}

/** The quoted message id: contextInfo lives on whichever typed content the message carries. */
function quotedIdOf(c: Content): string | undefined {
  for (const value of Object.values(c)) {
    if (value && typeof value === "object" && "contextInfo" in value) {
      const id = (value as { contextInfo?: proto.IContextInfo | null }).contextInfo?.stanzaId;
      if (id) return id;
    }
  }
  return undefined;
}

export function timestampOf(msg: WAMessage, now: () => Date = () => new Date()): Date {
  const seconds = msg.messageTimestamp == null ? 0 : toNumber(msg.messageTimestamp);
  return seconds > 0 ? new Date(seconds * 1000) : now();
}

/** Classifies one upserted message: a new message, an edit, a delete, or something to ignore. */
export function parseWAMessage(msg: WAMessage, now?: () => Date): Parsed {
  const key = msg.key;
  const jid = key?.remoteJid;
  if (!key?.id || !jid) return { kind: "ignore", reason: "no key" };
  // Statuses, broadcast lists and channels are not conversations with a customer.
  if (isJidStatusBroadcast(jid) || isJidBroadcast(jid) || isJidNewsletter(jid)) return { kind: "ignore", reason: "broadcast" };
  // Unwraps ephemeral, view-once, documentWithCaption and editedMessage wrappers.
  const content = normalizeMessageContent(msg.message);
  if (!content) return { kind: "ignore", reason: msg.messageStubType ? "stub" : "empty" };

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (target && protocol.type === WAProto.Message.ProtocolMessage.Type.REVOKE) return { kind: "delete", externalId: target };
    if (target && protocol.type === WAProto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      return { kind: "edit", externalId: target, body: textOf(protocol.editedMessage) };
    }
    return { kind: "ignore", reason: "protocol" };
  }

  const body = bodyOf(content);
  if (!body) return { kind: "ignore", reason: "unsupported" };
  const isGroup = Boolean(isJidGroup(jid));
  const quotedExternalId = quotedIdOf(content);
  return {
    kind: "message",
    externalId: key.id,
    chatJid: jid,
    ...(isGroup && key.participant ? { senderJid: key.participant } : {}),
    isGroup,
    fromMe: Boolean(key.fromMe),
    ...(msg.pushName ? { pushName: msg.pushName } : {}),
    ...body,
    ...(quotedExternalId ? { quotedExternalId } : {}),
    timestamp: timestampOf(msg, now),
  };
}

export interface Resolved {
  chatNumber: string;
  senderNumber?: string;
  chatName?: string;
  profilePicUrl?: string;
  media?: InboundMedia;
}

/** Assembles the pipeline's message once numbers (LIDs resolved), names and media are known. */
export function toInboundMessage(parsed: ParsedMessage, resolved: Resolved): InboundMessage {
  // In a private chat the push name is the customer's, unless we wrote it (then it is ours).
  const chatName = resolved.chatName ?? (!parsed.isGroup && !parsed.fromMe ? parsed.pushName : undefined);
  return {
    externalId: parsed.externalId,
    chat: {
      number: resolved.chatNumber,
      isGroup: parsed.isGroup,
      ...(chatName ? { name: chatName } : {}),
      ...(resolved.profilePicUrl ? { profilePicUrl: resolved.profilePicUrl } : {}),
    },
    ...(parsed.isGroup && resolved.senderNumber
      ? { sender: { number: resolved.senderNumber, ...(parsed.pushName && !parsed.fromMe ? { name: parsed.pushName } : {}) } }
      : {}),
    fromMe: parsed.fromMe,
    body: parsed.body,
    mediaType: parsed.mediaType,
    ...(resolved.media ? { media: resolved.media } : {}),
    ...(parsed.quotedExternalId ? { quotedExternalId: parsed.quotedExternalId } : {}),
    timestamp: parsed.timestamp,
  };
}

/** Baileys' status → the spec's ack; ERROR (and anything unknown) has no spec value. */
export function mapAck(status: number | null | undefined): Ack | undefined {
  switch (status) {
    case WAMessageStatus.PENDING:
      return 0;
    case WAMessageStatus.SERVER_ACK:
      return 1;
    case WAMessageStatus.DELIVERY_ACK:
      return 3;
    case WAMessageStatus.READ:
      return 4;
    case WAMessageStatus.PLAYED:
      return 5;
    default:
      return undefined;
  }
}

export type UpdateEvent =
  | { kind: "ack"; externalId: string; ack: Ack }
  | { kind: "edit"; externalId: string; body: string }
  | { kind: "delete"; externalId: string };

/** What one `messages.update` entry means for the pipeline (Baileys' process-message shapes). */
export function parseMessageUpdate({ key, update }: WAMessageUpdate): UpdateEvent[] {
  const id = key.id;
  if (!id || (key.remoteJid && isJidStatusBroadcast(key.remoteJid))) return [];
  const events: UpdateEvent[] = [];
  // Acks only mean something for messages we sent.
  const ack = key.fromMe ? mapAck(update.status) : undefined;
  if (ack !== undefined) events.push({ kind: "ack", externalId: id, ack });
  const edited = update.message?.editedMessage?.message;
  if (edited) events.push({ kind: "edit", externalId: id, body: textOf(edited) });
  if (update.message === null && update.messageStubType === WAMessageStubType.REVOKE) events.push({ kind: "delete", externalId: id });
  return events;
}

/** Downloads a parsed message's media; undefined (never a throw) when it cannot be fetched. */
export async function fetchMedia(
  msg: WAMessage,
  parsed: ParsedMessage,
  download: MediaDownloader,
  onError: (error: unknown) => void,
): Promise<InboundMedia | undefined> {
  if (!parsed.media) return undefined;
  try {
    const data = await download(msg);
    return { data, mimeType: parsed.media.mimeType, ...(parsed.media.fileName ? { fileName: parsed.media.fileName } : {}) };
  } catch (error) {
    // An expired or unreachable media must not lose the message itself.
    onError(error);
    return undefined;
  }
}
