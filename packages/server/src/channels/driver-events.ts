import type { AppContext } from "../context.js";
import type { DriverEvents } from "./channel-driver.js";
import { applySessionUpdate } from "./session-updates.js";
import { ingestReliably, type InboundRetryOptions } from "./pipeline/inbound-failures.js";
import { adoptAliasContact } from "./pipeline/contact-alias.js";
import { applyAck, applyDelete, applyEdit } from "./pipeline/message-updates.js";

/**
 * What a driver reports, wired to the database and the pipeline. The handlers never reject: a
 * failure is logged with its connection, so a driver that forgets to catch cannot crash the
 * process. Session updates of a driver that was replaced (restart, logout) are dropped, so a
 * late "closed" from the old driver cannot overwrite the new one's status. A message the pipeline
 * cannot store is retried, then kept in inbound_failures for later replay (inbound-failures.ts).
 */
export function driverEvents(ctx: AppContext, connectionId: number, isCurrent: () => boolean, inbound: InboundRetryOptions = {}): DriverEvents {
  const safely =
    <A extends unknown[]>(what: string, handle: (...args: A) => Promise<unknown>) =>
    async (...args: A): Promise<void> => {
      try {
        await handle(...args);
      } catch (error) {
        ctx.log.error({ err: error, connectionId }, `channel ${what} failed`);
      }
    };
  return {
    onSession: safely("session update", async (update) => {
      if (isCurrent()) await applySessionUpdate(ctx, connectionId, update);
    }),
    onMessage: safely("inbound message", (message) => ingestReliably(ctx, connectionId, message, inbound)),
    onAck: safely("ack", (externalId, ack) => applyAck(ctx, connectionId, { externalId }, ack)),
    onEdit: safely("edit", (externalId, body) => applyEdit(ctx, connectionId, externalId, body)),
    onDelete: safely("delete", (externalId) => applyDelete(ctx, connectionId, externalId)),
    onIdentity: safely("identity", (alias, number) => adoptAliasContact(ctx, connectionId, alias, number)),
  };
}
