import type { AppContext } from "../context.js";
import { applyAck, applyDelete, applyEdit } from "../modules/messages/delivery/message-updates.js";
import type { ConnectionRow } from "../modules/connections/connection.presenter.js";
import type { DriverEvents } from "./channel-driver.js";
import { adoptAliasContact } from "./pipeline/contact-alias.js";
import { ingestReliably, type InboundRetryOptions } from "./pipeline/inbound-failures.js";
import { ingestInbound } from "./pipeline/ingest.js";
import { applySessionUpdate } from "./session-updates.js";

/** How the events of one connection are wired (channel-manager.ts decides). */
export interface EventWiring {
  /** False once the driver was replaced (restart, logout): its session updates are dropped. */
  isCurrent(): boolean;
  inbound?: InboundRetryOptions;
  /** The connection's row, when the reporter loaded it already (the API channel's authentication). */
  connection?: ConnectionRow;
}

/**
 * What a driver reports, wired to the database and the pipeline: the one way into the inbound
 * pipeline, for every kind of channel. Pushed events never reject: a failure is logged with its
 * connection, so a driver that forgets to catch cannot crash the process. Session updates of a
 * driver that was replaced (restart, logout) are dropped, so a late "closed" from the old driver
 * cannot overwrite the new one's status. A pushed message the pipeline cannot store is retried,
 * then kept in inbound_failures for later replay (inbound-failures.ts). Answered events (the API
 * channel's HTTP calls) hand their outcome or error back to the caller.
 */
export function driverEvents(ctx: AppContext, connectionId: number, wiring: EventWiring): DriverEvents {
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
      if (wiring.isCurrent()) await applySessionUpdate(ctx, connectionId, update);
    }),
    onMessage: safely("inbound message", (message) => ingestReliably(ctx, connectionId, message, wiring.inbound)),
    receiveMessage: (message) => ingestInbound(ctx, connectionId, message, wiring.connection),
    onAck: safely("ack", (externalId, ack) => applyAck(ctx, connectionId, { externalId }, ack)),
    receiveAck: (ref, ack) => applyAck(ctx, connectionId, ref, ack),
    onEdit: safely("edit", (externalId, body) => applyEdit(ctx, connectionId, externalId, body)),
    onDelete: safely("delete", (externalId) => applyDelete(ctx, connectionId, externalId)),
    onIdentity: safely("identity", (alias, number) => adoptAliasContact(ctx, connectionId, alias, number)),
  };
}
