import type { AppContext } from "../context.js";

/**
 * Starts every connection's driver and the webhook worker (main.ts, after bootstrap). buildApp
 * does not: tests build the app without channels running unless they ask.
 */
export async function startChannels(ctx: AppContext): Promise<void> {
  ctx.outbox.start();
  await ctx.channels.startAll();
}

/** Stops them (on app close, before the database closes). */
export async function stopChannels(ctx: AppContext): Promise<void> {
  await ctx.channels.stopAll();
  await ctx.outbox.stop();
}
