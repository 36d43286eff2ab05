import type { AppContext } from "../context.js";
import { startRecovery, type Recovery } from "./recovery.js";

const recoveries = new WeakMap<AppContext, Recovery>();

/**
 * Starts every connection's driver, the webhook worker and the recovery sweep (main.ts, after
 * bootstrap). buildApp does not: tests build the app without channels running unless they ask.
 */
export async function startChannels(ctx: AppContext): Promise<void> {
  ctx.outbox.start();
  await ctx.channels.startAll();
  // After the drivers: the first sweep sends what a crash left unsent on the connections now running here.
  if (!recoveries.has(ctx)) recoveries.set(ctx, startRecovery(ctx));
}

/** Stops them (on app close, before the database closes). */
export async function stopChannels(ctx: AppContext): Promise<void> {
  await recoveries.get(ctx)?.stop();
  recoveries.delete(ctx);
  await ctx.channels.stopAll();
  await ctx.outbox.stop();
}
