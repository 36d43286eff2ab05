import type { AppContext } from "../../context.js";
import { markSeen, presenceOnConnect } from "./presence.service.js";

/**
 * From now on, a socket connecting restores its user's chosen presence, and one disconnecting
 * stamps when they were last seen (the offline grace counts from then; decision 0078).
 */
export function trackPresenceOfSockets(ctx: AppContext): void {
  ctx.realtime.onConnected((actor) => {
    presenceOnConnect(ctx, actor.id).catch((error: unknown) => ctx.log.error({ err: error, userId: actor.id }, "presence on connect failed"));
  });
  ctx.realtime.onDisconnected((actor) => {
    markSeen(ctx, [actor.id]).catch((error: unknown) => ctx.log.error({ err: error, userId: actor.id }, "presence on disconnect failed"));
  });
}
