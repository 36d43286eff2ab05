import { can, chatAbilities, type ChatAbilities, type ChatFacts } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { participantIdsOf, type ChatRecord } from "./chats.repo.js";

/**
 * Who may see and act on an internal chat, on the server (docs/decisions/0038). The rule is the
 * contracts' chat-policy.ts; here are its server forms: the check services call first, and the
 * SQL of the list. Who hears a chat's events is chat-events.ts (participants, and admins).
 * Like tickets, a chat that exists but is not the caller's answers 403 ERR_NO_PERMISSION; an
 * unknown id 404 ERR_NO_CHAT_FOUND.
 */

export function chatFacts(record: ChatRecord): ChatFacts {
  return { isGroup: record.row.isGroup, participantIds: participantIdsOf(record), ownerId: record.row.ownerId };
}

export function chatAbilitiesOf(actor: Actor, record: ChatRecord): ChatAbilities {
  return chatAbilities(chatFacts(record), { id: actor.id, profile: actor.profile });
}

/** ERR_NO_PERMISSION unless the rule gives the actor that ability on the chat. */
export function assertChatAbility(actor: Actor, record: ChatRecord, ability: keyof ChatAbilities): void {
  if (!chatAbilitiesOf(actor, record)[ability]) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * What GET /chats lists (over `chats c`): the chats one takes part in; an admin's show-all lists
 * every chat. For anyone else show-all is ignored, never refused (the web sends the remembered
 * preference whatever the profile), as for tickets. Undefined: no condition.
 */
export function chatListVisibility(actor: Actor, showAll: boolean): SQL | undefined {
  if (showAll && can(actor.profile, "chats-manager:showall")) return undefined;
  return sql`c.id in (select chat_id from chat_participants where user_id = ${actor.id})`;
}
