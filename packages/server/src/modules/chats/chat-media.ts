import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { chatMessages } from "../../db/schema/index.js";
import type { Actor } from "../../core/actor.js";
import { assertChatAbility } from "./chat.policy.js";
import { loadChatRecord } from "./chats.repo.js";

/**
 * The file of a chat message under this stored name, for who may read its chat (403 otherwise);
 * undefined when no chat message has it. Names are unique UUIDs across tickets and chats.
 */
export async function chatMediaForUser(ctx: AppContext, actor: Actor, name: string) {
  const [row] = await ctx.db
    .select({ name: chatMessages.mediaName, mimeType: chatMessages.mimeType, fileName: chatMessages.fileName, chatId: chatMessages.chatId })
    .from(chatMessages)
    .where(eq(chatMessages.mediaName, name))
    .limit(1);
  if (!row) return undefined;
  assertChatAbility(actor, await loadChatRecord(ctx.db, row.chatId), "read");
  return row;
}
