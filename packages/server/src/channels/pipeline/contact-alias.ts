import { and, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { contacts, tickets } from "../../db/schema/index.js";
import { databaseError } from "../../core/db-errors.js";

/**
 * A channel learned that `alias` — digits a contact may have been stored under before the real
 * number was known (a WhatsApp LID) — is `number`. When a contact exists under the alias, only
 * has tickets on this connection, and no contact has the number yet, it is renamed to the number
 * (and its name too, if it was the alias): the person's tickets and messages stay theirs and the
 * next message from the number lands in the same ticket. When both contacts exist nothing is
 * merged (docs/decisions/0026-whatsapp-resend-and-lid.md). Returns whether it renamed.
 */
export async function adoptAliasContact(ctx: AppContext, connectionId: number, alias: string, number: string): Promise<boolean> {
  if (!alias || !number || alias === number) return false;
  try {
    const renamed = await ctx.db
      .update(contacts)
      .set({
        number,
        name: sql`case when ${contacts.name} = ${alias} then ${number} else ${contacts.name} end`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(contacts.number, alias),
          eq(contacts.isGroup, false),
          // One of this connection's conversations, never a contact someone typed in or another channel's.
          sql`exists (select 1 from ${tickets} where ${tickets.contactId} = ${contacts.id} and ${tickets.connectionId} = ${connectionId})`,
          sql`not exists (select 1 from ${tickets} where ${tickets.contactId} = ${contacts.id} and ${ne(tickets.connectionId, connectionId)})`,
          sql`not exists (select 1 from ${contacts} as other where other.number = ${number})`,
        ),
      )
      .returning({ id: contacts.id });
    if (renamed.length > 0) ctx.log.info({ connectionId, contactId: renamed[0]!.id }, "contact known by a WhatsApp LID now has its phone number");
    return renamed.length > 0;
  } catch (error) {
    // The number arrived meanwhile (another message): two contacts stay, as documented.
    if (databaseError(error)?.code === "23505") return false;
    throw error;
  }
}
