import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bots, connections, contacts, tickets } from "../../db/schema/index.js";

/** How much longer than its timeout a call may hold its ticket: a crashed call frees the ticket after this. */
const CLAIM_MARGIN_MS = 5_000;

/** A ticket waiting in a bot's stage, with what talking to the bot needs. */
export async function loadStage(db: Db, ticketId: number) {
  const [row] = await db
    .select({ ticket: tickets, bot: bots, connection: connections, contact: { name: contacts.name, number: contacts.number } })
    .from(tickets)
    .innerJoin(bots, eq(bots.id, tickets.botId))
    .innerJoin(connections, eq(connections.id, tickets.connectionId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.status, "pending")))
    .limit(1);
  return row;
}
export type Stage = NonNullable<Awaited<ReturnType<typeof loadStage>>>;

/**
 * Takes the ticket for one call to its bot (one call at a time per ticket, docs/decisions/0092):
 * the ticket's `bot_busy_until` is set for the bot's timeout and a margin, unless another call
 * holds it. Returns the Typebot session to go on with, or undefined when another call holds it or
 * the ticket left the stage.
 */
export async function claimCall(db: Db, stage: Stage, now: Date): Promise<{ session: string | null } | undefined> {
  const until = new Date(now.getTime() + stage.bot.timeoutSeconds * 1000 + CLAIM_MARGIN_MS);
  const [claimed] = await db
    .update(tickets)
    .set({ botBusyUntil: until })
    .where(
      and(
        eq(tickets.id, stage.ticket.id),
        eq(tickets.botId, stage.bot.id),
        eq(tickets.status, "pending"),
        or(isNull(tickets.botBusyUntil), lt(tickets.botBusyUntil, now)),
      ),
    )
    .returning({ session: tickets.botSession });
  return claimed;
}
