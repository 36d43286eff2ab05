import { dayOf } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../../db/paging.js";
import type { Actor } from "../../core/actor.js";

/**
 * `queueIds` narrows: a ticket passes when its queue was chosen or it has no queue (no queue
 * cannot be chosen in the filter, and those tickets are everyone's), and tickets the user takes
 * part in always pass (spec §4). It never widens: it is ANDed with the visibility rule
 * (ticket.policy.ts).
 */
export function queueFilter(actor: Actor, queueIds: readonly number[]): SQL {
  const ids = sql.join(
    queueIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(t.queue_id in (${ids}) or t.queue_id is null
    or exists (select 1 from ticket_participants p where p.ticket_id = t.id and p.user_id = ${actor.id}))`;
}

/**
 * Rows (tickets `t` unless told) updated on that calendar day of the install's clock (`TIME_ZONE`,
 * docs/decisions/0039): from its midnight there to the next, which the database places in time,
 * a day of 23 or 25 hours included. The bounds are constants of the statement, so the index on
 * the column still serves the range. `date` may also be a full ISO timestamp (the spec's clients
 * send one): its day on the install's clock is meant (docs/decisions/0047).
 */
export function dayFilter(date: string, timeZone: string, updatedAt: SQL = sql`t.updated_at`): SQL {
  const day = date.length === 10 ? date : dayOf(new Date(date), timeZone);
  const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${timeZone})`;
  return sql`${updatedAt} >= ${midnight(sql`${day}::date`)} and ${updatedAt} < ${midnight(sql`${day}::date + 1`)}`;
}

function searchPatterns(text: string) {
  const pattern = containsPattern(text);
  const digits = text.replace(/\D/g, "");
  const contact = digits.length > 0 ? sql`(c.name ilike ${pattern} or c.number like ${containsPattern(digits)})` : sql`c.name ilike ${pattern}`;
  return { pattern, contact };
}

/** The contacts (`c`) whose name or number contains the text, as searchFilter matches them. */
export function contactSearchFilter(text: string): SQL {
  return searchPatterns(text).contact;
}

/**
 * Tickets whose contact's name or number, or one of whose messages, contains the text
 * (case-insensitive), as sets: the trigram indexes of migration 0004 find the matching contacts
 * and messages, then tickets are tested against those sets. Its cost grows with the number of
 * matching messages: right for rare texts. The number is matched on the text's digits, so
 * "+55 (11) 9876" finds 55119876…, and only when it has some.
 */
export function searchFilter(text: string): SQL {
  const { pattern, contact } = searchPatterns(text);
  return sql`t.id in (
    select s.id from tickets s join contacts c on c.id = s.contact_id where ${contact}
    union all
    select m.ticket_id from messages m where m.body ilike ${pattern})`;
}

/**
 * The same test for one ticket at a time (`id`, `contactId` of the row being walked): its contact
 * by primary key, its messages by messages_ticket_page_idx, stopping at the first match. Scalar
 * subqueries, which PostgreSQL never turns into a hash of every matching message: its cost grows
 * with the tickets walked, right for common texts found within the first tickets of a tab.
 */
export function searchProbe(text: string, id: SQL, contactId: SQL): SQL {
  const { pattern, contact } = searchPatterns(text);
  return sql`(coalesce((select true from contacts c where c.id = ${contactId} and ${contact}), false)
    or coalesce((select true from messages m where m.ticket_id = ${id} and m.body ilike ${pattern} limit 1), false))`;
}

/**
 * searchProbe for a text many contacts' names hold but few messages (a surname): the contact by
 * primary key, the messages as one set, which their trigram index keeps small. A ticket then
 * costs a key lookup instead of a read of all its messages (~17 µs against ~2.5 at 1M tickets).
 */
export function contactRichProbe(text: string, id: SQL, contactId: SQL): SQL {
  const { pattern, contact } = searchPatterns(text);
  return sql`(coalesce((select true from contacts c where c.id = ${contactId} and ${contact}), false)
    or ${id} in (select m.ticket_id from messages m where m.body ilike ${pattern}))`;
}
