import { limits, type ForwardTargets } from "@atendo/contracts";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { connections, contacts, tickets } from "../../db/schema/index.js";
import { containsPattern } from "../../db/paging.js";
import type { Actor } from "../../core/actor.js";

/**
 * Open tickets the actor may write in (assertCanWriteTicket): admins every one; others the ones
 * they own or take part in. Owned ones follow tickets_user_status_idx, participations
 * ticket_participants_user_idx.
 */
function writableOpen(actor: Actor): SQL | undefined {
  if (actor.profile === "admin") return undefined;
  return sql`(${tickets.userId} = ${actor.id}
    or ${tickets.id} in (select p.ticket_id from ticket_participants p where p.user_id = ${actor.id}))`;
}

/** Contact name (case-insensitive) or number (on the text's digits, when it has some). */
function contactMatches(text: string): SQL | undefined {
  if (text === "") return undefined;
  const digits = text.replace(/\D/g, "");
  const byNumber = digits.length > 0 ? sql` or ${contacts.number} like ${containsPattern(digits)}` : sql``;
  return sql`(${contacts.name} ilike ${containsPattern(text)}${byNumber})`;
}

/** GET /forwardmessage/tickets: where the actor may forward to, newest activity first. */
export async function listForwardTargets(ctx: AppContext, actor: Actor, searchParam: string): Promise<ForwardTargets> {
  const rows = await ctx.db
    .select({
      id: tickets.id,
      contact: { name: contacts.name, number: contacts.number, profilePicUrl: contacts.profilePicUrl },
      whatsapp: { name: connections.name },
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(connections, eq(connections.id, tickets.connectionId))
    .where(and(eq(tickets.status, "open"), writableOpen(actor), contactMatches(searchParam)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limits.pageSize);
  return { tickets: rows };
}
