import type { Contact, DuplicatesPage } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent, type DomainEvent } from "../../events/domain-events.js";
import { ticketMoment } from "../tickets/ticket-events.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import { assertCanMergeContacts } from "./contact.policy.js";
import { duplicateGroups } from "./contact-duplicates.js";
import { mergeContact } from "./contact-merge.js";
import { getContact } from "./contacts.service.js";

/** GET /contacts/duplicates (admins). */
export async function listDuplicates(ctx: AppContext, actor: Actor, pageNumber: number): Promise<DuplicatesPage> {
  assertCanMergeContacts(actor);
  return duplicateGroups(ctx.db, pageNumber);
}

/**
 * POST /contacts/{id}/merge (admins, docs/decisions/0074): one transaction moves everything of
 * `fromId` to `id` and deletes `fromId`. Live screens hear each moved ticket (`ticket.updated`,
 * now showing the kept contact, or `ticket.closed` by the system for one closed to keep one active
 * ticket per connection), the removal of `fromId` and the kept contact's new state.
 */
export async function mergeContacts(ctx: AppContext, actor: Actor, id: number, fromId: number): Promise<Contact> {
  assertCanMergeContacts(actor);
  await ctx.events.transaction(async (tx, publish) => {
    const merged = await mergeContact(tx, id, fromId, new Date());
    const presented = await presentTicketsById(tx, merged.moved.map((ticket) => ticket.id));
    const moments: DomainEvent[] = merged.moved.flatMap((before) => {
      const ticket = presented.get(before.id);
      if (!ticket) return [];
      return [merged.closedIds.includes(before.id) ? ticketMoment(ticket, "closed", before, "system") : ticketMoment(ticket, "update", before)];
    });
    publish(...moments, domainEvent("contact.deleted", { contactId: fromId, tickets: [] }));
  });
  const kept = await getContact(ctx, id);
  await ctx.events.emit("contact.updated", { contact: kept });
  return kept;
}
