import type { Namespace } from "socket.io";
import type { Db } from "../../db/client.js";
import { AppError } from "../../core/app-error.js";
import type { DriverFactory } from "../channel-driver.js";
import { emitToVisitor, storedVisitorMessage, visitorIdOf } from "./webchat.service.js";

/**
 * The website widget's driver (decision 0090). Visitors' messages arrive as HTTP calls to the
 * widget's public routes (webchat.routes.ts), answered by whichever instance receives them and
 * reported through the connection's driver events like the API channel's. Outbound, `send`
 * hands the stored message to the visitor's live sockets (the `/visitors` namespace, through the
 * socket.io adapter: every instance) and reports it sent: a visitor who is away reads it from
 * the history when they come back. No session: CONNECTED while it runs.
 */
export function createWebchatDriverFactory(deps: { db: Db; visitors: Namespace }): DriverFactory {
  const { db, visitors } = deps;
  return (_connectionId, events) => ({
    start: () => events.onSession({ status: "CONNECTED", retries: 0 }),
    stop: async () => undefined,
    logout: async () => undefined,
    async send(message) {
      const visitorId = visitorIdOf(message.to.number);
      if (visitorId === null) throw new AppError("ERR_WAPP_INVALID_CONTACT");
      const stored = await storedVisitorMessage(db, message.messageId);
      if (stored) emitToVisitor(visitors, visitorId, stored);
      return { externalId: `webchat-out-${message.messageId}`, sent: true };
    },
    // The visitor's history no longer lists it (deleted messages are left out).
    deleteMessage: async () => undefined,
    checkNumber: async (number) => visitorIdOf(number) !== null,
  });
}
