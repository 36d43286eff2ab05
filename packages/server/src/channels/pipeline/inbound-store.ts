import { normalizeNumber, type Ticket } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { writeAutomatic } from "../../modules/routing/automatic-messages.js";
import { routeNewTicket } from "../../modules/routing/new-ticket-route.js";
import { routeEnv } from "../../modules/routing/route-env.js";
import type { RoutePlan } from "../../modules/routing/walk.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import type { InboundMessage } from "../channel-driver.js";
import { findOrCreateActiveTicket, type ActiveTicket } from "./active-ticket.js";
import { appendMessage, type NewInbound } from "./append-message.js";
import { upsertContact, type ContactRow } from "../../modules/contacts/contact-upsert.js";

/** Thrown to undo a redelivered message's contact/ticket work (the transaction rolls back). */
export class Redelivered extends Error {}

export interface Stored {
  active: ActiveTicket;
  /** The inbound message, then routing's automatic messages (greeting, menu…) if any were written. */
  created: MessageRow[];
  automatic: MessageRow[];
  /** The ticket as the API shows it, read by the same statement that stored the message. */
  ticket: Ticket;
  /** The contact, when this message created it (the contacts screen hears of it). */
  newContact?: ContactRow;
}

export interface Inbound {
  ctx: AppContext;
  connection: ConnectionRow;
  /** Digits only. */
  number: string;
  input: InboundMessage;
  mediaName: string | null;
  now: Date;
}

export function summary(input: InboundMessage): string {
  return input.body.trim() || input.media?.fileName || input.mediaType;
}

export function messageValues({ connection, input, mediaName }: Inbound): NewInbound {
  return {
    connectionId: connection.id,
    externalId: input.externalId,
    body: input.body,
    fromMe: input.fromMe,
    mediaType: input.mediaType,
    mediaName,
    mimeType: input.media?.mimeType ?? null,
    fileName: input.media?.fileName ?? null,
    quotedExternalId: input.quotedExternalId ?? null,
    senderName: input.sender?.name ?? null,
    senderNumber: input.sender ? normalizeNumber(input.sender.number) : null,
    createdAt: input.timestamp,
  };
}

function ticketUpdate(inbound: Inbound) {
  return { lastMessage: summary(inbound.input), unread: !inbound.input.fromMe, now: inbound.now };
}

async function append(db: Db, inbound: Inbound, ticketId: number): Promise<{ message: MessageRow; ticket: Ticket }> {
  const stored = await appendMessage(db, messageValues(inbound), { ticketId }, ticketUpdate(inbound));
  if (!stored) throw new Redelivered();
  return stored;
}

/**
 * The common case, in one statement and no transaction: a known contact with an active ticket
 * on this connection gets the message, the ticket's update and its presentation in one atomic
 * statement (append-message.ts), which finds the ticket itself.
 * Undefined when the slow path is needed (new contact, no active ticket, a new profile picture)
 * and for a redelivery, which the slow path rolls back (Redelivered).
 */
export async function appendToActiveTicket(inbound: Inbound): Promise<Stored | undefined> {
  const { ctx, number, input } = inbound;
  const target = { number, profilePicUrl: input.chat.profilePicUrl ?? null };
  const stored = await appendMessage(ctx.db, messageValues(inbound), target, ticketUpdate(inbound));
  if (!stored) return undefined;
  const active = { ticket: stored.ticketRow, created: false, plan: null, reopened: null };
  return { active, created: [stored.message], automatic: [], ticket: stored.ticket };
}

/**
 * Everything else, in one transaction: upsert the contact, find or create (or reopen) the
 * active ticket, routing a new one, store the message, then routing's texts (greeting,
 * announcements, menu). A redelivered message rolls it all back (Redelivered), so it never
 * leaves a new ticket behind.
 */
export function appendInTransaction(inbound: Inbound): Promise<Stored> {
  return inbound.ctx.db.transaction((tx) => storeInTransaction(tx, inbound));
}

/** Where new tickets of a group commit's batch go, routed once per connection (inbound-batch.ts). */
export type RouteMemo = Map<string, Promise<RoutePlan>>;

/**
 * Where this message's new ticket would go, read on `db`; with `routes`, shared by the batch's
 * messages of one connection: routing reads only, and they arrive within milliseconds.
 */
export function routeOf(db: Db, { ctx, connection, input, now }: Inbound, routes?: RouteMemo): Promise<RoutePlan> {
  // Customers are talked to; groups and the company's own first message are only filed.
  const automated = !input.fromMe && !input.chat.isGroup;
  const route = () => routeNewTicket(routeEnv(ctx, db, connection, now), connection, automated);
  if (!routes) return route();
  const key = `${connection.id}:${automated}`;
  if (!routes.has(key)) routes.set(key, route());
  return routes.get(key)!;
}

/**
 * appendInTransaction's work on the caller's transaction (also a group commit's batch of
 * messages from known contacts, inbound-batch.ts, sharing `routes`: routeOf).
 */
export async function storeInTransaction(tx: Db, inbound: Inbound, routes?: RouteMemo): Promise<Stored> {
  const { ctx, connection, number, input, now } = inbound;
  const routed = () => routeOf(tx, inbound, routes);
  const { contact, created } = await upsertContact(tx, { number, name: input.chat.name, isGroup: input.chat.isGroup, profilePicUrl: input.chat.profilePicUrl });
  const active = await findOrCreateActiveTicket(
    tx,
    { contactId: contact.id, connectionId: connection.id, isGroup: input.chat.isGroup, reopenWindowMinutes: ctx.config.TICKET_REOPEN_WINDOW_MINUTES, now },
    routed,
  );
  const { message, ticket } = await append(tx, inbound, active.ticket.id);
  const automatic = await writeAutomatic(tx, active.ticket, active.plan?.texts ?? [], now);
  return { active, created: [message, ...automatic], automatic, ticket, ...(created ? { newContact: contact } : {}) };
}
