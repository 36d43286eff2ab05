import type { Contact, Ticket } from "@atendo/contracts";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { contacts } from "../../db/schema/index.js";
import type { Actor } from "../../core/actor.js";
import { sendOutgoingOnce } from "../messages/delivery/outgoing.service.js";
import { customerText } from "../routing/customer-texts.js";
import { customerLanguage } from "../settings/customer-language.js";
import { assertCanOptIn } from "./contact.policy.js";
import { announceContactUpdated, getContact } from "./contacts.service.js";

type ContactRow = typeof contacts.$inferSelect;

/** Marks the contact opted out unless it is already: one UPDATE; the row when this one did it. */
async function markOptedOut(db: Db, contactId: number, now: Date): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ optedOutAt: now, updatedAt: now })
    .where(and(eq(contacts.id, contactId), isNull(contacts.optedOutAt)))
    .returning();
  return row;
}

/**
 * The customer wrote an opt-out keyword in `ticket` (opt-out-listener.ts): the contact is opted
 * out and told so once, in the customers' language (the `customerLanguage` setting). The mark is
 * the confirmation's claim (sendOutgoingOnce): written in one transaction, so a second keyword, or
 * the same message heard twice, neither marks again nor confirms again. Returns whether it marked.
 */
export async function optOutByMessage(ctx: AppContext, ticket: Pick<Ticket, "id" | "whatsappId" | "contactId">): Promise<boolean> {
  const now = new Date();
  let marked: ContactRow | undefined;
  if (ticket.whatsappId === null) {
    marked = await markOptedOut(ctx.db, ticket.contactId, now);
  } else {
    const confirmation = customerText(await customerLanguage(ctx, ctx.db), "optedOut");
    await sendOutgoingOnce(ctx, { id: ticket.id, connectionId: ticket.whatsappId }, [{ body: confirmation, mediaType: "chat-automatic" }], { userId: null, lastMessage: false }, async (tx) => {
      marked = await markOptedOut(tx, ticket.contactId, now);
      return marked !== undefined;
    });
  }
  if (marked) await announceContactUpdated(ctx, marked);
  return marked !== undefined;
}

/**
 * POST /contacts/{id}/opt-in (admins, contact.policy.ts): the contact may be in audiences again.
 * Who did it goes to the log (no column keeps it; the contact's updatedAt says when); a contact
 * not opted out is answered as it is, with no event.
 */
export async function optInContact(ctx: AppContext, actor: Actor, id: number): Promise<Contact> {
  assertCanOptIn(actor);
  const [row] = await ctx.db
    .update(contacts)
    .set({ optedOutAt: null, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), isNotNull(contacts.optedOutAt)))
    .returning();
  if (!row) return getContact(ctx, id);
  ctx.log.info({ contactId: id, userId: actor.id }, "an admin allowed messages again to a contact who had opted out");
  return announceContactUpdated(ctx, row);
}

/** GET /contacts/opted-out-count: every opted-out contact (contacts are team data, everyone sees them all). */
export async function countOptedOut(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(contacts).where(isNotNull(contacts.optedOutAt));
  return row?.count ?? 0;
}
