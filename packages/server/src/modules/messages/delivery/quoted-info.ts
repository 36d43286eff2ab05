import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { messages } from "../../../db/schema/index.js";
import { byExternalId } from "../messages.repo.js";

/**
 * The text and author of a stored message, by its external id: what a driver needs to quote it
 * when sending a reply (WhatsApp's `findQuoted`).
 */
export function quotedInfoLookup(db: Db) {
  return async (connectionId: number, externalId: string): Promise<{ fromMe: boolean; body: string } | undefined> => {
    const [row] = await db.select({ fromMe: messages.fromMe, body: messages.body }).from(messages).where(byExternalId(connectionId, externalId)).limit(1);
    return row;
  };
}

/**
 * One of our stored messages by its external id (only fromMe ones: nobody asks us to re-send a
 * customer's message): what WhatsApp's `getMessage` rebuilds a re-send from.
 */
export function sentMessageLookup(db: Db) {
  return async (connectionId: number, externalId: string): Promise<{ body: string; mediaType: string; isDeleted: boolean } | undefined> => {
    const [row] = await db
      .select({ body: messages.body, mediaType: messages.mediaType, isDeleted: messages.isDeleted })
      .from(messages)
      .where(and(byExternalId(connectionId, externalId), eq(messages.fromMe, true)))
      .limit(1);
    return row;
  };
}
