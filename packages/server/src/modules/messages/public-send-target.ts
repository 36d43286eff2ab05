import { activeTicketStatuses, formattedNumber } from "@atendo/contracts";
import { eq, or } from "drizzle-orm";
import { upsertContact, type ContactRow } from "../contacts/contact-upsert.js";
import { announceContactCreated } from "../contacts/contacts.service.js";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { connections, contacts, tickets } from "../../db/schema/index.js";
import { inValues } from "../../db/schema/in-values.js";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import { assertReachable } from "../tickets/ticket-create.service.js";
import { ticketMoment } from "../tickets/ticket-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import { activeTicketOf, type TicketRow } from "../tickets/tickets.repo.js";

/** How a send names its connection (publicSendBody); neither: the default one. */
export interface ConnectionChoice {
  whatsappId?: number;
  connectionName?: string;
}

/**
 * A connection whose customers were moved (issue 31, docs/decisions/0087) sends through the one
 * that replaced it: integrations naming the old number keep reaching their customers.
 */
async function serving(ctx: AppContext, row: ConnectionRow): Promise<ConnectionRow> {
  if (row.replacedById === null) return row;
  const [replacement] = await ctx.db.select().from(connections).where(eq(connections.id, row.replacedById)).limit(1);
  return replacement ?? row;
}

async function namedConnection(ctx: AppContext, choice: ConnectionChoice): Promise<ConnectionRow> {
  return serving(ctx, await connectionNamed(ctx, choice));
}

async function connectionNamed(ctx: AppContext, choice: ConnectionChoice): Promise<ConnectionRow> {
  if (choice.whatsappId !== undefined && choice.connectionName !== undefined) {
    throw new AppError("ERR_MISSING_VALUES", 400, "Name the connection once: `whatsappId` or `connectionName`, not both.");
  }
  if (choice.whatsappId !== undefined) {
    const [row] = await ctx.db.select().from(connections).where(eq(connections.id, choice.whatsappId)).limit(1);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    return row;
  }
  if (choice.connectionName !== undefined) {
    const name = choice.connectionName;
    // Names and labels are not unique: two matches are refused rather than guessed between.
    const rows = await ctx.db.select().from(connections).where(or(eq(connections.name, name), eq(connections.label, name))).limit(2);
    if (rows.length > 1) throw new AppError("ERR_MISSING_VALUES", 400, `More than one connection is called "${name}": send its \`whatsappId\` instead.`);
    if (!rows[0]) throw new AppError("ERR_NO_WAPP_FOUND");
    return rows[0];
  }
  const [fallback] = await ctx.db.select().from(connections).where(eq(connections.isDefault, true)).limit(1);
  if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  return fallback;
}

/**
 * The connection a send leaves through, refused before anything is written when it cannot carry
 * it now: not CONNECTED, or run by no instance (409 ERR_WAPP_NOT_INITIALIZED). An attendant's
 * reply there would be stored and marked failed; an integration is better told and left to retry.
 * A connection another instance runs is usable: that instance's sweep sends the message.
 */
export async function sendingConnectionFor(ctx: AppContext, choice: ConnectionChoice): Promise<ConnectionRow> {
  const connection = await namedConnection(ctx, choice);
  const running = ctx.channels.isRunning(connection.id) || ctx.channels.ownedElsewhere(connection.id);
  if (connection.status !== "CONNECTED" || !running) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
  return connection;
}

/** The number as the contacts screen stores it (digits, 8–50); anything else is not a number to send to. */
export function destinationNumber(raw: string): string {
  const parsed = formattedNumber.safeParse(raw);
  if (!parsed.success) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400, `"${raw}" is not a phone number: digits, with spaces, + - ( ) . allowed.`);
  return parsed.data;
}

/**
 * The ticket a send to `number` goes in: the contact's active ticket on the connection, else a
 * new one — the contact created first if the number is new — waiting (pending, no owner, no
 * queue) as POST /tickets leaves a waiting conversation: whoever may see it takes it when the
 * customer answers. Before a new conversation the channel checks the number when it can
 * (ERR_WAPP_INVALID_CONTACT), so a refused number creates nothing. The partial unique index
 * settles concurrent sends: the loser's insert does nothing and it uses the winner's ticket.
 */
/** The contact of a number the send API writes to first, announced when this call created it. */
async function newContact(ctx: AppContext, number: string, isGroup: boolean): Promise<ContactRow> {
  const { contact, created } = await upsertContact(ctx.db, { number, isGroup });
  if (created) await announceContactCreated(ctx, contact);
  return contact;
}

export async function ticketForSend(ctx: AppContext, connection: ConnectionRow, number: string): Promise<TicketRow> {
  const [known] = await ctx.db.select().from(contacts).where(eq(contacts.number, number)).limit(1);
  const active = known && (await activeTicketOf(ctx.db, known.id, connection.id));
  if (active) return active;
  const isGroup = known?.isGroup ?? false;
  await assertReachable(ctx, connection.id, { number, isGroup });
  const contact = known ?? (await newContact(ctx, number, isGroup));
  const now = new Date();
  const [inserted] = await ctx.db
    .insert(tickets)
    .values({ contactId: contact.id, connectionId: connection.id, isGroup: contact.isGroup, ...lifecycle.openedBySend(now) })
    .onConflictDoNothing({ target: [tickets.contactId, tickets.connectionId], where: inValues(tickets.status, activeTicketStatuses) })
    .returning();
  if (inserted) {
    const ticket = await presentTicket(ctx.db, inserted.id);
    await ctx.events.publish(ticketMoment(ticket, "create"));
    return inserted;
  }
  // Another send or an inbound message started it meanwhile; closed again since: start over.
  return (await activeTicketOf(ctx.db, contact.id, connection.id)) ?? ticketForSend(ctx, connection, number);
}
