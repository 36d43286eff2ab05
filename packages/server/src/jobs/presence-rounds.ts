import type { AppContext } from "../context.js";
import { markSeen, sweepAbsent } from "../modules/presence/presence.service.js";

/**
 * One presence round of this instance (decision 0078): the users of its sockets are stamped as
 * seen (so another instance's sweep knows they are here, and an instance that dies stops
 * stamping them), then whoever no instance has seen for the grace period becomes offline.
 * Returns the users made offline.
 */
export async function presenceRound(ctx: AppContext): Promise<number[]> {
  await markSeen(ctx, ctx.realtime.localUsers());
  return sweepAbsent(ctx);
}
