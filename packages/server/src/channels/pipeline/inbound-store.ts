import { normalizeNumber, type Ticket } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { outgoingValues, type OutgoingTicket } from "../../modules/messages/delivery/outgoing.repo.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import type { InboundMessage } from "../channel-driver.js";
import { findOrCreateActiveTicket, type ActiveTicket } from "./active-ticket.js";
import { appendMessage, type NewInbound } from "./append-message.js";
import { upsertContact } from "./contact-upsert.js";
import { resolveRoute, type Route } from "./routing.js";

/** Thrown to undo a redelivered message's contact/ticket work (the transaction rolls back). */
export class Redelivered extends Error {}

export interface Stored {
  active: ActiveTicket;
  /** The inbound message, then the greeting if one was written. */
  created: MessageRow[];
  greeting: MessageRow | null;
  /** The ticket as the API shows it, read by the same statement that stored the message. */
  ticket: Ticket;
}

interface Inbound {
  ctx: AppContext;
  connection: ConnectionRow;
  /** Digits only. */
  number: string;
  input: InboundMessage;
  mediaName: string | null;
  now: Date;
}

function summary(input: InboundMessage): string {
  return input.body.trim() || input.media?.fileName || input.mediaType;
}

function messageValues({ connection, input, mediaName }: Inbound): NewInbound {
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
  const active = { ticket: stored.ticketRow, created: false, reopened: null };
  return { active, created: [stored.message], greeting: null, ticket: stored.ticket };
}

/**
 * Everything else, in one transaction: upsert the contact, find or create (or reopen) the
 * active ticket, routing a new one, store the message, greet. A redelivered message rolls it
 * all back (Redelivered), so it never leaves a new ticket behind.
 */
export async function appendInTransaction(inbound: Inbound): Promise<Stored> {
  const { ctx, connection, number, input, now } = inbound;
  let route: Route | undefined;
  return ctx.db.transaction(async (tx) => {
    const contact = await upsertContact(tx, { number, name: input.chat.name, isGroup: input.chat.isGroup, profilePicUrl: input.chat.profilePicUrl });
    const active = await findOrCreateActiveTicket(
      tx,
      { contactId: contact.id, connectionId: connection.id, isGroup: input.chat.isGroup, reopenWindowMinutes: ctx.config.TICKET_REOPEN_WINDOW_MINUTES, now },
      async () => (route = await resolveRoute(tx, connection, ctx.log)),
    );
    const { message, ticket } = await append(tx, inbound, active.ticket.id);
    const greet = active.created && route?.greeting && !input.fromMe && !input.chat.isGroup;
    const greeting = greet && route?.greeting ? await insertGreeting(tx, active.ticket, route.greeting, now) : null;
    return { active, created: greeting ? [message, greeting] : [message], greeting, ticket };
  });
}

/**
 * The queue's greeting as a `chat-automatic` message from us, written with the ticket by the
 * outgoing writer's own values (due for dispatch: a crash before it is sent leaves it to the
 * recovery sweep); dispatched after the commit (dispatchOutgoing). It does not become the
 * ticket's last message: the waiting list should show what the customer wrote.
 */
async function insertGreeting(tx: Db, ticket: OutgoingTicket, body: string, now: Date): Promise<MessageRow> {
  const [greeting] = await tx
    .insert(messages)
    .values(outgoingValues(ticket, [{ body, mediaType: "chat-automatic" }], null, now))
    .returning();
  if (!greeting) throw new AppError("ERR_CREATING_MESSAGE");
  return greeting;
}
