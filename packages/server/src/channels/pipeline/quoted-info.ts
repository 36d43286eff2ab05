import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { messages } from "../../db/schema/index.js";

/**
 * The text and author of a stored message, by its external id: what a driver needs to quote it
 * when sending a reply (WhatsApp's `findQuoted`).
 */
export function quotedInfoLookup(ctx: AppContext) {
  return async (connectionId: number, externalId: string): Promise<{ fromMe: boolean; body: string } | undefined> => {
    const [row] = await ctx.db
      .select({ fromMe: messages.fromMe, body: messages.body })
      .from(messages)
      .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
      .limit(1);
    return row;
  };
}
