/**
 * Atendo's outbound messages → Baileys calls. Content building is pure; the socket calls map every
 * failure to a catalogued AppError so the caller (a route, the outbox) can report it.
 */
import type { AnyMessageContent, WAMessage } from "baileys";
import { normalizeNumber } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";
import type { OutboundMessage } from "../channel-driver.js";
import type { WaSocket } from "./socket-types.js";
import { errorText, type ILogger, type RecentSet } from "./support.js";

export type ChatAddress = { number: string; isGroup: boolean };

/** What the manager may know about a quoted message (its text and who wrote it). */
export interface QuotedInfo {
  fromMe: boolean;
  body: string;
}

/** A chat address → its JID; a value that already is a JID is kept as is. */
export function toJid(to: ChatAddress): string {
  if (to.number.includes("@")) return to.number;
  return `${normalizeNumber(to.number)}@${to.isGroup ? "g.us" : "s.whatsapp.net"}`;
}

/**
 * Baileys quotes a whole WAMessage; Atendo only keeps the external id (and maybe the text). The
 * phone resolves the quote by its id, so a minimal message with the right key is enough.
 */
export function quotedMessage(jid: string, externalId: string, info?: QuotedInfo): WAMessage {
  return {
    key: { remoteJid: jid, id: externalId, fromMe: info?.fromMe ?? false },
    message: { conversation: info?.body ?? "" },
  };
}

/** The Baileys content of an outbound message, chosen by the media's MIME type. */
export function outboundContent(message: OutboundMessage): AnyMessageContent {
  const media = message.media;
  if (!media) return { text: message.body };
  // Baileys streams a local path given as `url` (no buffering of the whole file here).
  const upload = { url: media.path };
  const mimetype = media.mimeType;
  const caption = message.body || undefined;
  if (mimetype.startsWith("image/")) return { image: upload, mimetype, ...(caption ? { caption } : {}) };
  if (mimetype.startsWith("video/")) return { video: upload, mimetype, ...(caption ? { caption } : {}) };
  if (mimetype.startsWith("audio/")) {
    // Ogg/Opus is what WhatsApp records voice notes in: send it as one (ptt).
    return { audio: upload, mimetype, ptt: mimetype.startsWith("audio/ogg") };
  }
  return { document: upload, mimetype, fileName: media.fileName, ...(caption ? { caption } : {}) };
}

export interface Outbound {
  send(socket: WaSocket, message: OutboundMessage): Promise<{ externalId: string }>;
  remove(socket: WaSocket, to: ChatAddress, externalId: string, fromMe: boolean): Promise<void>;
  check(socket: WaSocket, number: string): Promise<boolean>;
}

export interface OutboundDeps {
  log: ILogger;
  /** Ids sent here, so their echo is not taken for an inbound message. */
  sentIds: RecentSet;
  findQuoted?: ((externalId: string) => Promise<QuotedInfo | undefined>) | undefined;
}

export function createOutbound({ log, sentIds, findQuoted }: OutboundDeps): Outbound {
  return {
    async send(socket, message) {
      const jid = toJid(message.to);
      try {
        const id = message.quotedExternalId;
        const quoted = id ? quotedMessage(jid, id, await findQuoted?.(id)) : undefined;
        const sent = await socket.sendMessage(jid, outboundContent(message), quoted ? { quoted } : {});
        const externalId = sent?.key?.id;
        if (!externalId) throw new Error("no message id returned");
        sentIds.add(externalId);
        return { externalId };
      } catch (error) {
        log.warn({ messageId: message.messageId, error: errorText(error) }, "whatsapp send failed");
        throw new AppError("ERR_SENDING_WAPP_MSG");
      }
    },
    async remove(socket, to, externalId, fromMe) {
      const jid = toJid(to);
      try {
        await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe, id: externalId } });
      } catch (error) {
        log.warn({ externalId, error: errorText(error) }, "whatsapp delete failed");
        throw new AppError("ERR_DELETE_WAPP_MSG");
      }
    },
    async check(socket, number) {
      try {
        const [result] = (await socket.onWhatsApp(toJid({ number, isGroup: false }))) ?? [];
        return Boolean(result?.exists);
      } catch (error) {
        log.warn({ error: errorText(error) }, "whatsapp number check failed");
        throw new AppError("ERR_WAPP_CHECK_CONTACT");
      }
    },
  };
}
