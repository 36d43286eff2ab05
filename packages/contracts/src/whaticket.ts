import { z } from "zod";
import { namedRef } from "./common.js";
import { connection, connectionStatuses } from "./connections.js";
import { message } from "./messages.js";
import { updateTicketBody } from "./tickets-api.js";
import { ticket } from "./tickets.js";
import { queueRef } from "./users.js";

/**
 * The Whaticket web client's dialect (docs/compatibility.md, decision 0066). That client, built
 * with its backend URL ending in this path, reaches Atendo's calls under it, and its sockets
 * (socket.io reads the path as a namespace) the same events in its own words. Atendo's API under
 * /api is not changed by it.
 */
export const whaticketPath = "/whaticket";

/**
 * GET /whaticket/whatsapp for an attendant: the connections they may use (decision 0041), with
 * only what the client's warnings and selects read.
 */
export const whaticketConnectionSummary = z.object({ id: z.number(), name: z.string(), status: z.enum(connectionStatuses) });
export type WhaticketConnectionSummary = z.infer<typeof whaticketConnectionSummary>;

/**
 * A connection for an admin, with the queues its destination leads to straight away (`queues`, as
 * the client's connection dialog reads them): the destination's queue, else none.
 */
export const whaticketConnection = connection.extend({ queues: z.array(queueRef) });
export type WhaticketConnection = z.infer<typeof whaticketConnection>;

/** GET /whaticket/whatsapp: admins get every connection, attendants the summaries above. */
export const whaticketConnectionList = z.union([z.array(whaticketConnection), z.array(whaticketConnectionSummary)]);

/** GET /whaticket/users for an attendant: colleagues to transfer to, by id and name. */
export const whaticketUserPage = z.object({ users: z.array(namedRef.extend({ email: z.string() })), hasMore: z.boolean() });

/**
 * PUT /whaticket/tickets/{id} as the client sends it: `{status, userId}` to accept, return,
 * resolve or reopen; `{userId?, queueId?, status?, whatsappId}` to transfer, `whatsappId` being
 * the ticket's own connection unless an admin picked another (null: none picked).
 */
export const whaticketUpdateTicketBody = updateTicketBody.extend({
  whatsappId: z.number().int().positive().nullable().optional(),
});
export type WhaticketUpdateTicketBody = z.input<typeof whaticketUpdateTicketBody>;

/**
 * `ticket` event of a dialect socket, with the only actions that client acts on: `update` (the
 * ticket as it is now: its lists and headers upsert it), `delete` (drop it: removed, or gone from
 * the status a list shows, or from the user who held it), `updateUnread` (its unread count is 0).
 */
export const whaticketTicketEvent = z.union([
  z.object({ action: z.literal("update"), ticket }),
  z.object({ action: z.enum(["delete", "updateUnread"]), ticketId: z.number() }),
]);
export type WhaticketTicketEvent = z.infer<typeof whaticketTicketEvent>;

/** `appMessage` event of a dialect socket: `create` and `update` (an edit is an update there). */
export const whaticketMessageEvent = z.union([
  z.object({ action: z.literal("create"), message, ticket, contact: ticket.shape.contact }),
  z.object({ action: z.literal("update"), message }),
]);
export type WhaticketMessageEvent = z.infer<typeof whaticketMessageEvent>;
