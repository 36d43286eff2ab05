/**
 * Baileys message events → DriverEvents. Runs inside the driver's serial queue, so messages reach
 * the pipeline in the order WhatsApp delivered them; one bad message is logged and skipped.
 */
import type { MessageUpsertType, WAMessage, WAMessageUpdate } from "baileys";
import { retryWhileDatabaseUnavailable } from "../../core/database-outage.js";
import type { DriverEvents } from "../channel-driver.js";
import { jidNumber, type LidMap } from "./lid-map.js";
import { fetchMedia, parseMessageUpdate, parseWAMessage, toInboundMessage, type MediaDownloader } from "./message-mapper.js";
import type { WaSocket } from "./socket-types.js";
import { errorText, RecentSet, type ILogger } from "./support.js";

export interface InboundDeps {
  events: DriverEvents;
  lidMap: LidMap;
  logger: ILogger;
  now: () => Date;
  /** The media downloader for a socket (Baileys needs the socket to re-request expired media). */
  downloaderFor: (socket: WaSocket) => MediaDownloader;
  /** Ids of messages this driver sent: their echo is not a new inbound message. */
  sentIds: RecentSet;
  /** How long a profile picture URL or group subject is reused before asking again. */
  cacheTtlMs?: number;
}

export interface Inbound {
  upsert(socket: WaSocket, messages: WAMessage[], type: MessageUpsertType): Promise<void>;
  update(updates: WAMessageUpdate[]): Promise<void>;
}

/** Lookups that only decorate a message: bounded in time, cached, and never fatal. */
const LOOKUP_TIMEOUT_MS = 5000;

export function createInbound(deps: InboundDeps): Inbound {
  const { events, lidMap, logger, now } = deps;
  const ttl = deps.cacheTtlMs ?? 60 * 60 * 1000;
  // Baileys reports an edit or a revoke twice (the protocol message upserted, then the processed
  // messages.update): one notification each is enough.
  const seen = new RecentSet();
  const cache = new Map<string, { value: string | undefined; at: number }>();

  async function cached(key: string, load: () => Promise<string | undefined>): Promise<string | undefined> {
    const hit = cache.get(key);
    if (hit && now().getTime() - hit.at < ttl) return hit.value;
    let value: string | undefined;
    try {
      value = await load();
    } catch (error) {
      // No picture, privacy settings, a timeout: the message goes on without it.
      logger.debug({ key, error: errorText(error) }, "whatsapp lookup failed");
    }
    cache.set(key, { value, at: now().getTime() });
    if (cache.size > 5000) cache.delete(cache.keys().next().value as string);
    return value;
  }

  // Marked seen only once delivered, so a failed first report is retried by the second one.
  async function edit(externalId: string, body: string): Promise<void> {
    const key = `edit:${externalId}:${body}`;
    if (seen.has(key)) return;
    await events.onEdit(externalId, body);
    seen.add(key);
  }

  async function remove(externalId: string): Promise<void> {
    const key = `delete:${externalId}`;
    if (seen.has(key)) return;
    await events.onDelete(externalId);
    seen.add(key);
  }

  async function one(socket: WaSocket, msg: WAMessage): Promise<void> {
    await lidMap.learnFromKey(msg.key);
    if (msg.key?.id && deps.sentIds.has(msg.key.id)) return;
    const parsed = parseWAMessage(msg, now);
    if (parsed.kind === "ignore") return;
    if (parsed.kind === "edit") return edit(parsed.externalId, parsed.body);
    if (parsed.kind === "delete") return remove(parsed.externalId);

    const chatNumber = parsed.isGroup ? jidNumber(parsed.chatJid) : await lidMap.numberOf(parsed.chatJid);
    const senderNumber = parsed.senderJid ? await lidMap.numberOf(parsed.senderJid) : undefined;
    const onMediaError = (error: unknown) =>
      logger.warn({ externalId: parsed.externalId, error: errorText(error) }, "whatsapp media download failed");
    const [media, profilePicUrl, chatName] = await Promise.all([
      fetchMedia(msg, parsed, deps.downloaderFor(socket), onMediaError),
      cached(`pic:${parsed.chatJid}`, () => socket.profilePictureUrl(parsed.chatJid, "image", LOOKUP_TIMEOUT_MS)),
      parsed.isGroup ? cached(`subject:${parsed.chatJid}`, async () => (await socket.groupMetadata(parsed.chatJid)).subject) : undefined,
    ]);
    await events.onMessage(
      toInboundMessage(parsed, {
        chatNumber,
        ...(senderNumber ? { senderNumber } : {}),
        ...(chatName ? { chatName } : {}),
        ...(profilePicUrl ? { profilePicUrl } : {}),
        ...(media ? { media } : {}),
      }),
    );
  }

  return {
    // "notify" is live traffic; "append" is what arrived while offline (and messages sent from the
    // phone): both are handled, the pipeline being idempotent on the external id.
    async upsert(socket, messages, type) {
      for (const msg of messages) {
        try {
          // WhatsApp has been told the message arrived: while the database is away (its contact
          // aliases are read there) it waits for it rather than being dropped (docs/decisions/0100).
          await retryWhileDatabaseUnavailable(
            () => one(socket, msg),
            (error, failures) => logger.warn({ externalId: msg.key?.id, error: errorText(error), failures }, "whatsapp inbound message waits for the database"),
          );
        } catch (error) {
          logger.error({ externalId: msg.key?.id, type, error: errorText(error) }, "whatsapp inbound message failed");
        }
      }
    },
    async update(updates) {
      for (const entry of updates) {
        try {
          for (const event of parseMessageUpdate(entry)) {
            if (event.kind === "ack") await events.onAck(event.externalId, event.ack);
            else if (event.kind === "edit") await edit(event.externalId, event.body);
            else await remove(event.externalId);
          }
        } catch (error) {
          logger.error({ externalId: entry.key?.id, error: errorText(error) }, "whatsapp message update failed");
        }
      }
    },
  };
}
