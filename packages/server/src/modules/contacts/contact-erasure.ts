import { activeTicketStatuses } from "@atendo/contracts";
import { and, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, eventDeliveries, inboundFailures, messages, schedules, tickets, whatsappLidMap } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { TicketVisibility } from "../../events/domain-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { contactTicketsWithParticipants } from "../tickets/tickets.repo.js";

export interface ErasedContact {
  /** Its tickets as they were, and who could see each: they leave those screens. */
  tickets: TicketVisibility[];
  /** Media files under MEDIA_DIR to remove once the erasure has committed. */
  mediaNames: string[];
}

/**
 * Deletes a contact inside the caller's transaction and erases what identified the customer from
 * what it leaves (docs/decisions/0062): its conversations stay, counted by the reports, with no
 * contact (the key's ON DELETE SET NULL), no last message, and messages with no text, file, file
 * name or group sender; active ones are closed, not resolved (nobody is left to answer) and outgoing messages
 * not yet handed to the channel never will be. Its custom fields go with the row (cascade), and so
 * do the WhatsApp identity it was known by, inbound messages still waiting to be replayed,
 * which would bring it back, and its tickets' events still waiting for a durable listener. The row is locked first, so a message arriving meanwhile waits and
 * then makes a new contact.
 */
export async function eraseContact(tx: Db, contactId: number, now: Date): Promise<ErasedContact> {
  const [contact] = await tx.select({ number: contacts.number }).from(contacts).where(eq(contacts.id, contactId)).for("update");
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const ticketsBefore = await contactTicketsWithParticipants(tx, contactId);
  const ticketIds = ticketsBefore.map((ticket) => ticket.id);
  const mediaNames: string[] = [];
  if (ticketIds.length > 0) {
    const ofTickets = inArray(tickets.id, ticketIds);
    await tx
      .update(tickets)
      .set(lifecycle.closedByErasure(now))
      .where(and(ofTickets, inArray(tickets.status, activeTicketStatuses)));
    await tx.update(tickets).set({ lastMessage: "" }).where(ofTickets);
    const ofMessages = inArray(messages.ticketId, ticketIds);
    const files = await tx
      .select({ name: messages.mediaName })
      .from(messages)
      .where(and(ofMessages, isNotNull(messages.mediaName)));
    mediaNames.push(...files.flatMap((file) => (file.name ? [file.name] : [])));
    await tx
      .update(messages)
      .set({
        body: "",
        mediaName: null,
        mimeType: null,
        fileName: null,
        senderName: null,
        senderNumber: null,
        failed: sql`${messages.failed} or ${messages.dispatchAt} is not null`,
        dispatchAt: null,
        updatedAt: now,
      })
      .where(ofMessages);
    // Ticket events kept for durable listeners carry the ticket as presented, the customer's name
    // and number with it; nothing is left for them to do for a contact that is gone (a survey).
    await tx
      .delete(eventDeliveries)
      .where(and(like(eventDeliveries.event, "ticket.%"), inArray(sql`(${eventDeliveries.payload} -> 'ticket' ->> 'id')::int`, ticketIds)));
  }
  await tx.delete(whatsappLidMap).where(eq(whatsappLidMap.phone, contact.number));
  const replays = await tx
    .delete(inboundFailures)
    .where(sql`${inboundFailures.message} -> 'chat' ->> 'number' = ${contact.number}`)
    .returning({ name: inboundFailures.mediaName });
  mediaNames.push(...replays.flatMap((replay) => (replay.name ? [replay.name] : [])));
  // Its schedules go with the row (cascade); the files their pending ones hold go with them.
  const scheduled = await tx
    .select({ name: schedules.mediaName })
    .from(schedules)
    .where(and(eq(schedules.contactId, contactId), isNotNull(schedules.mediaName)));
  mediaNames.push(...scheduled.flatMap((file) => (file.name ? [file.name] : [])));
  await tx.delete(contacts).where(eq(contacts.id, contactId));
  return { tickets: ticketsBefore, mediaNames };
}
