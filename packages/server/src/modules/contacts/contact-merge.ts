import { activeTicketStatuses, limits } from "@atendo/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contacts, contactTags, importMappings, inboundFailures, tickets } from "../../db/schema/index.js";
import type { TicketVisibility } from "../../events/domain-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { contactTicketsWithParticipants } from "../tickets/tickets.repo.js";

export interface MergedContact {
  /** The tickets that were `from`'s, as they were, and who could see each: now the kept contact's. */
  moved: TicketVisibility[];
  /** Those of them closed: `from`'s active ticket on a connection where the kept contact had one. */
  closedIds: number[];
}

/**
 * Merges contact `fromId` into `intoId` inside the caller's transaction (docs/decisions/0074), then
 * deletes `fromId`. Both rows are locked first, in id order (two merges of the same pair meet
 * there, never cross), so a message arriving meanwhile waits and then finds the kept contact or,
 * for `from`'s number, none.
 * - Tickets (and with them their messages, participants, everything the reports count) become
 *   `intoId`'s. One active ticket per contact and connection holds: where both had one on the same
 *   connection, the kept contact's goes on and `from`'s is closed, not resolved, with its messages.
 * - Extra fields move where the kept contact has none of that name (case ignored), up to the
 *   contact form's limit; labels join the kept contact's; an empty e-mail is filled from `from`'s.
 * - The Whaticket import's mappings of `from` and inbound messages from its number still waiting
 *   to be replayed follow, so neither brings `from` back.
 */
export async function mergeContact(tx: Db, intoId: number, fromId: number, now: Date): Promise<MergedContact> {
  if (intoId === fromId) throw new AppError("ERR_MERGE_SAME_CONTACT");
  const locked = await tx
    .select({ id: contacts.id, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(inArray(contacts.id, [intoId, fromId]))
    .orderBy(asc(contacts.id))
    .for("update");
  const into = locked.find((row) => row.id === intoId);
  const from = locked.find((row) => row.id === fromId);
  if (!into || !from) throw new AppError("ERR_NO_CONTACT_FOUND");

  const moved = await contactTicketsWithParticipants(tx, fromId);
  const closedIds = await closeClashingTickets(tx, intoId, fromId, now);
  if (moved.length > 0) await tx.update(tickets).set({ contactId: intoId }).where(eq(tickets.contactId, fromId));

  await moveExtraFields(tx, intoId, fromId);
  // Its labels join the kept contact's (the tickets' own labels went with them); the rest go with the row.
  await tx.execute(sql`
    insert into ${contactTags} (contact_id, tag_id)
    select ${intoId}::int, tag_id from ${contactTags} where contact_id = ${fromId}
    on conflict do nothing`);
  if (!into.email && from.email) await tx.update(contacts).set({ email: from.email }).where(eq(contacts.id, intoId));
  await tx.update(contacts).set({ updatedAt: now }).where(eq(contacts.id, intoId));

  await tx
    .update(importMappings)
    .set({ targetId: intoId })
    .where(and(eq(importMappings.sourceTable, "Contacts"), eq(importMappings.targetId, fromId)));
  await tx
    .update(inboundFailures)
    .set({ message: sql`jsonb_set(${inboundFailures.message}, '{chat,number}', to_jsonb(${into.number}::text))` })
    .where(sql`${inboundFailures.message} -> 'chat' ->> 'number' = ${from.number}`);

  await tx.delete(contacts).where(eq(contacts.id, fromId));
  return { moved, closedIds };
}

/** Closes `from`'s active tickets on connections where `into` has one; their ids. */
async function closeClashingTickets(tx: Db, intoId: number, fromId: number, now: Date): Promise<number[]> {
  const kept = tx
    .select({ connectionId: tickets.connectionId })
    .from(tickets)
    .where(and(eq(tickets.contactId, intoId), inArray(tickets.status, activeTicketStatuses)));
  const closed = await tx
    .update(tickets)
    .set(lifecycle.closedByMerge(now))
    .where(and(eq(tickets.contactId, fromId), inArray(tickets.status, activeTicketStatuses), inArray(tickets.connectionId, kept)))
    .returning({ id: tickets.id });
  return closed.map((row) => row.id);
}

/** `from`'s extra fields whose name the kept contact lacks, oldest first, while the kept contact has room. */
async function moveExtraFields(tx: Db, intoId: number, fromId: number): Promise<void> {
  const held = await tx.select({ name: contactCustomFields.name }).from(contactCustomFields).where(eq(contactCustomFields.contactId, intoId));
  const names = new Set(held.map((field) => field.name.toLowerCase()));
  const offered = await tx
    .select({ id: contactCustomFields.id, name: contactCustomFields.name })
    .from(contactCustomFields)
    .where(eq(contactCustomFields.contactId, fromId))
    .orderBy(asc(contactCustomFields.id));
  const room = limits.contactExtraInfo.maxItems - held.length;
  const taken = offered.filter((field) => !names.has(field.name.toLowerCase())).slice(0, Math.max(0, room));
  if (taken.length > 0) {
    await tx.update(contactCustomFields).set({ contactId: intoId }).where(inArray(contactCustomFields.id, taken.map((field) => field.id)));
  }
}
