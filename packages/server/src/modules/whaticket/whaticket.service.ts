import type {
  Connection,
  Message,
  MessagePage,
  QueueRef,
  Ticket,
  WhaticketConnection,
  WhaticketConnectionSummary,
  ParsedListQuery,
  createTicketBody,
  whaticketUpdateTicketBody,
} from "@atendo/contracts";
import { asc, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import { connections, queues } from "../../db/schema/index.js";
import { getConnection, listConnections } from "../connections/connections.service.js";
import { createTicket } from "../tickets/ticket-create.service.js";
import { startableConnections } from "../tickets/ticket-connections.service.js";
import { updateTicket } from "../tickets/ticket-update.service.js";
import { findTicketRow } from "../tickets/tickets.repo.js";
import { showTicket } from "../tickets/tickets.service.js";
import { listUserDirectory, listUsers } from "../users/users.service.js";
import { mediaLinkUrl, mediaNameOf, signMediaLink, type LinkHolder, MEDIA_LINK_SECONDS } from "./media-link.js";

/**
 * The Whaticket dialect's answers (decision 0066): Atendo's services, called as /api calls them,
 * with the permission checks they make, and only the shapes and the client's habits adapted.
 */

/** GET /tickets/{id}: the bare ticket; a ticket the caller may not see is refused (403), never summarised. */
export async function bareTicket(ctx: AppContext, actor: Actor, id: number): Promise<Ticket> {
  const shown = await showTicket(ctx, actor, id);
  if (!shown.hasPermission) throw new AppError("ERR_NO_PERMISSION");
  return shown.ticket;
}

/**
 * POST /tickets: the bare ticket opened (201) or the caller's existing one (200). Another
 * user's open ticket with the contact is ERR_OTHER_OPEN_TICKET, as that client expects.
 */
export async function createBareTicket(ctx: AppContext, actor: Actor, body: z.output<typeof createTicketBody>): Promise<{ created: boolean; ticket: Ticket }> {
  const { created, result } = await createTicket(ctx, actor, body);
  if (result.ticketIsOpen) throw new AppError("ERR_OTHER_OPEN_TICKET", 409, `${result.ticket.user?.name ?? "Someone else"} already holds a conversation with this contact.`);
  return { created, ticket: result.ticket };
}

type WhaticketUpdate = z.output<typeof whaticketUpdateTicketBody>;

/**
 * PUT /tickets/{id}: that client's transfer always names the ticket's connection (`whatsappId`),
 * which here asks for no move; its resolve names the user closing, which Atendo does not record
 * as a change of owner. Everything else is Atendo's update, with its checks.
 */
export async function updateBareTicket(ctx: AppContext, actor: Actor, id: number, body: WhaticketUpdate): Promise<Ticket> {
  const row = await findTicketRow(ctx.db, id);
  const { whatsappId, userId, ...rest } = body;
  const moves = whatsappId !== undefined && whatsappId !== null && whatsappId !== row.connectionId;
  const result = await updateTicket(ctx, actor, id, {
    ...rest,
    ...(body.status === "closed" || userId === undefined ? {} : { userId }),
    ...(moves ? { whatsappId } : {}),
  });
  if (result.ticketIsOpen) throw new AppError("ERR_OTHER_OPEN_TICKET", 409, `${result.ticket.user?.name ?? "Someone else"} holds this conversation now.`);
  return result.ticket;
}

/** The queues each connection's destination leads to straight away: its queue, else none. */
async function queuesOf(ctx: AppContext, list: readonly Connection[]): Promise<WhaticketConnection[]> {
  const queueIds = list.flatMap((c) => c.destinations.filter((d) => d.destinationType === "queue").map((d) => d.destinationTypeId));
  const rows = queueIds.length === 0 ? [] : await ctx.db.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(inArray(queues.id, queueIds));
  const byId = new Map<number, QueueRef>(rows.map((q) => [q.id, q]));
  return list.map((c) => ({
    ...c,
    queues: c.destinations.flatMap((d) => (d.destinationType === "queue" && byId.has(d.destinationTypeId) ? [byId.get(d.destinationTypeId) as QueueRef] : [])),
  }));
}

/**
 * GET /whatsapp: admins get every connection (with `queues`); attendants, whose client loads the
 * list on every page, the connections they may use (decision 0041) by id, name and status.
 */
export async function connectionList(ctx: AppContext, actor: Actor): Promise<WhaticketConnection[] | WhaticketConnectionSummary[]> {
  if (actor.profile === "admin") return queuesOf(ctx, await listConnections(ctx, actor));
  const usable = await startableConnections(ctx, actor);
  if (usable.length === 0) return [];
  return ctx.db
    .select({ id: connections.id, name: connections.name, status: connections.status })
    .from(connections)
    .where(inArray(connections.id, usable.map((c) => c.id)))
    .orderBy(asc(connections.id));
}

/** GET /whatsapp/{id} (admins): the connection with its `queues`. */
export async function connectionWithQueues(ctx: AppContext, actor: Actor, id: number): Promise<WhaticketConnection> {
  const [one] = await queuesOf(ctx, [await getConnection(ctx, actor, id)]);
  if (!one) throw new AppError("ERR_NO_WAPP_FOUND");
  return one;
}

/** GET /users: the admin's full records; for an attendant (its transfer search) colleagues by id and name. */
export async function userList(ctx: AppContext, actor: Actor, query: ParsedListQuery) {
  return actor.profile === "admin" ? listUsers(ctx, actor, query) : listUserDirectory(ctx, query);
}

/** What a signed link needs: the key, the sign-in it is for, the address it is fetched at, and the time. */
export interface MediaLinks {
  key: Buffer;
  holder: LinkHolder;
  origin: string;
  nowSeconds: number;
}

/** The holder of a link: the acting sign-in. */
export function holderOf(actor: Actor): LinkHolder {
  return { userId: actor.id, sessionId: actor.sessionId, tokenVersion: actor.tokenVersion };
}

/** A message whose file is reached by a signed link instead of `/api/media/<name>` with the token. */
export function withSignedMedia<M extends Pick<Message, "mediaUrl">>(message: M, links: MediaLinks): M {
  const name = message.mediaUrl ? mediaNameOf(message.mediaUrl) : null;
  if (!name) return message;
  const link = signMediaLink(links.key, name, links.holder, links.nowSeconds + MEDIA_LINK_SECONDS);
  return { ...message, mediaUrl: mediaLinkUrl(links.origin, name, link) };
}

/** GET /messages/{ticketId}: Atendo's page, files by signed links. */
export function pageWithSignedMedia(page: MessagePage, links: MediaLinks): MessagePage {
  return { ...page, messages: page.messages.map((m) => withSignedMedia(m, links)) };
}
