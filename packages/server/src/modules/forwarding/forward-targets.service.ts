import { limits, type ForwardTargets } from "@atendo/contracts";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { connections, contacts, tickets } from "../../db/schema/index.js";
import { containsPattern } from "../../db/paging.js";
import type { Actor } from "../../core/actor.js";
import { writableOpenFilter } from "../tickets/ticket.policy.js";

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
    .where(and(eq(tickets.status, "open"), writableOpenFilter(actor), contactMatches(searchParam)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limits.pageSize);
  return { tickets: rows };
}
