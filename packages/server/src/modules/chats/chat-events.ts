import type { ServerEventName, ServerEventPayload } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
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
): void {
  const recipients = [...new Set([...participantIdsOf(record), ...alsoTo])];
  for (const userId of recipients) ctx.realtime.emit({ userIds: [userId] }, event, payloadFor(userId));
  ctx.realtime.emit({ admins: true, exceptUserIds: recipients }, event, payloadFor(null));
}
