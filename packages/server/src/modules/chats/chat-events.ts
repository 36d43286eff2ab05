import type { ServerEventName, ServerEventPayload } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { ChatMoment } from "../../events/domain-events.js";
import { participantIdsOf, type ChatRecord } from "./chats.repo.js";

/**
 * Sends a chat event to who may hear it (docs/decisions/0038): each participant (and each user in
 * `alsoTo`, such as one just removed) gets their own view — `viewerId` their id — through their
 * user room, which the Redis adapter reaches on every instance; admins, who read every chat with
 * show-all, get the non-participant view (`viewerId` null) unless they were just sent their own.
 * Nobody else: no chat room to leave, so a removed participant hears nothing from the next event on.
 */
export function emitToChat<E extends Extract<ServerEventName, "chat" | "appChatMessage">>(
  ctx: AppContext,
  record: ChatRecord,
  event: E,
  payloadFor: (viewerId: number | null) => ServerEventPayload<E>,
  alsoTo: readonly number[] = [],
): Promise<void> {
  return ctx.events.emit("chat.changed", { name: event, participantIds: participantIdsOf(record), alsoTo, payloadFor } as ChatMoment);
}
