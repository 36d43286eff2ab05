import { replayInboundFailures, type ReplayOptions } from "../channels/pipeline/inbound-failures.js";
import type { AppContext } from "../context.js";
import { redispatchDue, type DispatchOptions } from "../modules/messages/delivery/dispatch.js";

export interface RecoveryOptions {
  dispatch?: Omit<DispatchOptions, "now">;
  replay?: Omit<ReplayOptions, "now">;
}

/**
 * One recovery sweep (the `recovery` job, every 2 s; tests call it): outgoing messages still due
 * for dispatch (docs/decisions/0023) and kept inbound failures due for replay (0024). Never throws.
 */
export async function runRecovery(ctx: AppContext, now: Date = new Date(), options: RecoveryOptions = {}): Promise<{ dispatched: number; replayed: number }> {
  const dispatched = await redispatchDue(ctx, { ...options.dispatch, now }).catch((error: unknown) => {
    ctx.log.error({ err: error }, "outbound recovery sweep failed");
    return 0;
  });
  const replayed = await replayInboundFailures(ctx, { ...options.replay, now }).catch((error: unknown) => {
    ctx.log.error({ err: error }, "inbound replay sweep failed");
    return 0;
  });
  return { dispatched, replayed };
}
