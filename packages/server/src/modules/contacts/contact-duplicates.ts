import { duplicateGroupContacts, limits, type DuplicatesPage, type DuplicateReason } from "@atendo/contracts";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { pageOf, pageWindow } from "../../db/paging.js";
import { contacts } from "../../db/schema/index.js";
import { presentContacts } from "./contacts.service.js";

/**
 * A number as compared for duplicates (docs/decisions/0074). Stored numbers are already digits
 * and unique, so what still tells one person apart from themselves is: leading zeros (a trunk
 * prefix typed in), and a Brazilian mobile with or without its ninth digit — 55 + area + 9 +
 * eight digits is the same WhatsApp account as 55 + area + eight digits.
 */
const numberKey = sql`regexp_replace(ltrim(${contacts.number}, '0'), '^55([0-9]{2})9([0-9]{8})$', '55\\1\\2')`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A page of duplicate groups (not groups of WhatsApp): contacts sharing a number key, or an
 * e-mail (case ignored); largest groups first. One scan of the contacts per page: an admin's
 * occasional tool, not a list every screen reads.
 */
export async function duplicateGroups(db: Db, pageNumber: number): Promise<DuplicatesPage> {
  const { limit, offset } = pageWindow(pageNumber);
  const groups = rowsOf<{ reason: DuplicateReason; key: string; count: number; ids: number[] }>(
    await db.execute(sql`
      with keyed as (
        select ${contacts.id} as id, 'number' as reason, ${numberKey} as key from ${contacts} where not ${contacts.isGroup}
        union all
        select ${contacts.id}, 'email', lower(${contacts.email}) from ${contacts} where not ${contacts.isGroup} and coalesce(${contacts.email}, '') <> ''
      )
      select reason, key, count(*)::int as count, (array_agg(id order by id))[1:${duplicateGroupContacts}] as ids
      from keyed group by reason, key having count(*) > 1
      order by count(*) desc, reason desc, key
      limit ${limit} offset ${offset}`),
  );
  const page = pageOf(groups, limits.pageSize);
  const ids = page.items.flatMap((group) => group.ids);
  const rows = ids.length === 0 ? [] : await db.select().from(contacts).where(inArray(contacts.id, ids));
  const byId = new Map((await presentContacts(db, rows)).map((contact) => [contact.id, contact]));
  return {
    groups: page.items.map((group) => ({
      reason: group.reason,
      key: group.key,
      count: group.count,
      contacts: group.ids.flatMap((id) => byId.get(id) ?? []),
    })),
    hasMore: page.hasMore,
  };
}
