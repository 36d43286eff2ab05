import type { AppContext } from "../context.js";
import { replayInboundFailures, type ReplayOptions } from "./pipeline/inbound-failures.js";
import { redispatchDue, type DispatchOptions } from "./pipeline/outbound.js";

export interface RecoveryOptions {
  /** Between two sweeps; default 2 s (also how soon another instance's reply goes out here). */
  intervalMs?: number;
  dispatch?: Omit<DispatchOptions, "now">;
  replay?: Omit<ReplayOptions, "now">;
}

/**
 * One recovery sweep: outgoing messages still due for dispatch (docs/decisions/0023) and kept
 * inbound failures due for replay (0024). Never throws.
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

export interface Recovery {
  stop(): Promise<void>;
}

/** Runs a sweep now (start-up: what a crash left behind) and then every `intervalMs`. */
export function startRecovery(ctx: AppContext, options: RecoveryOptions = {}): Recovery {
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    running ??= runRecovery(ctx, new Date(), options).finally(() => (running = undefined));
  };
  const timer = setInterval(sweep, options.intervalMs ?? 2000);
  timer.unref();
  sweep();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
