/**
 * Baileys' `getMessage`: when a recipient's phone could not decrypt one of our messages it sends
 * a retry receipt, and Baileys re-encrypts and relays the message's content under the same id,
 * asking `getMessage(key)` for it. Without an answer the customer keeps "Waiting for this
 * message". Texts are rebuilt from the stored body. Media cannot be: the upload's keys and URL
 * are not kept (docs/decisions/0026-whatsapp-resend-and-lid.md), so there is no answer for them.
 */
import type { proto } from "baileys";

export interface StoredSent {
  body: string;
  mediaType: string;
  isDeleted: boolean;
}

const TEXT_TYPES = new Set(["chat", "chat-automatic"]);

/** The driver's getMessage, from a lookup of our stored messages by external id. */
export function resendFromStore(find: (connectionId: number, externalId: string) => Promise<StoredSent | undefined>) {
  return async (connectionId: number, key: proto.IMessageKey): Promise<proto.IMessage | undefined> => {
    if (!key.id) return undefined;
    const stored = await find(connectionId, key.id);
    if (!stored || stored.isDeleted || !TEXT_TYPES.has(stored.mediaType)) return undefined;
    return { conversation: stored.body };
  };
}
