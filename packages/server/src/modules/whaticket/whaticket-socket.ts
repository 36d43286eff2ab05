import { whaticketPath, type AppMessageEvent, type TicketEvent, type WhaticketMessageEvent, type WhaticketTicketEvent } from "@atendo/contracts";
import type { Socket } from "socket.io";
import type { Actor } from "../../core/actor.js";
import { deliveryRooms, scopedRooms, scopes, type DialectDelivery, type EmitTarget, type SocketDialect } from "../../realtime/realtime.js";
import { linkOrigin } from "./media-link.js";
import { holderOf, withSignedMedia } from "./whaticket.service.js";

export interface WhaticketSocketOptions {
  /** mediaLinkKey(jwtKey). */
  key: Buffer;
  publicUrl?: string;
  /** TRUST_PROXY: the address a socket came to is the one its proxy says. */
  trustProxy: boolean;
}

/**
 * The Whaticket web client's sockets (decision 0066). Built with its backend URL ending in
 * /whaticket, its socket.io client connects to the /whaticket namespace with `?token=`: admitted,
 * roomed and joined as Atendo's own sockets, so it hears only what its user may see. It acts on
 * `ticket` events `update`, `delete` and `updateUnread` only, and on `appMessage` `create` and
 * `update`; it opens files by plain URL. Every other event is sent as Atendo words it.
 */
export function whaticketSocketDialect(options: WhaticketSocketOptions): SocketDialect {
  return {
    namespace: whaticketPath,
    translate(emitted, target) {
      if (emitted.event === "ticket") return ticketDeliveries(emitted.payload, target);
      if (emitted.event === "appMessage") return messageDeliveries(emitted.payload, target, options);
      return [{ rooms: deliveryRooms(target), event: emitted.event, payload: emitted.payload }];
    },
  };
}

/**
 * As that client's own server says it: a ticket that left a status, or changed hands, is
 * `delete`d from the lists of that status first; then `update` (the ticket as it is now) reaches
 * the notification sockets, the list of its status and its chat box. Its lists then drop what
 * is no longer their user's, and its header follows every change.
 */
function ticketDeliveries(payload: TicketEvent, target: EmitTarget): DialectDelivery[] {
  if (!("ticket" in payload)) return [{ rooms: deliveryRooms(target), event: "ticket", payload: payload satisfies WhaticketTicketEvent }];
  const { ticket } = payload;
  const statuses = target.conversation?.statuses ?? [ticket.status];
  const left = statuses.filter((status) => status !== ticket.status || payload.action === "transferOwner");
  const update: WhaticketTicketEvent = { action: "update", ticket };
  const deliveries: DialectDelivery[] = [];
  if (left.length > 0) {
    const deleted: WhaticketTicketEvent = { action: "delete", ticketId: ticket.id };
    deliveries.push({ rooms: scopedRooms(target, left.map(scopes.tickets)), event: "ticket", payload: deleted });
  }
  deliveries.push({
    rooms: scopedRooms(target, [scopes.notification, scopes.tickets(ticket.status), scopes.chatBox(ticket.id)]),
    event: "ticket",
    payload: update,
  });
  return deliveries;
}

/** `edit` is an `update` there; a message with a file gets a link signed for each socket's sign-in. */
function messageDeliveries(payload: AppMessageEvent, target: EmitTarget, options: WhaticketSocketOptions): DialectDelivery[] {
  const worded: WhaticketMessageEvent = payload.action === "create" ? payload : { action: "update", message: payload.message };
  const rooms = deliveryRooms(target);
  if (!payload.message.mediaUrl) return [{ rooms, event: "appMessage", payload: worded }];
  return [
    {
      rooms,
      event: "appMessage",
      payload: worded,
      perSocket: ({ actor, handshake }) => ({ ...worded, message: withSignedMedia(worded.message, linksOf(options, actor, handshake)) }),
    },
  ];
}

function linksOf(options: WhaticketSocketOptions, actor: Actor, handshake: Socket["handshake"]) {
  const header = (name: string) => {
    const value = handshake.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const forwarded = (name: string) => (options.trustProxy ? header(name)?.split(",")[0]?.trim() : undefined);
  const protocol = forwarded("x-forwarded-proto") ?? (handshake.secure ? "https" : "http");
  const host = forwarded("x-forwarded-host") ?? header("host") ?? "localhost";
  return { key: options.key, holder: holderOf(actor), origin: linkOrigin(options.publicUrl, protocol, host), nowSeconds: Math.floor(Date.now() / 1000) };
}
