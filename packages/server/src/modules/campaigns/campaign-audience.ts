import type { AudienceCount, CampaignAudience } from "@atendo/contracts";
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { campaignContacts, campaignRecipients, contacts, contactTags } from "../../db/schema/index.js";
import { contactsMatching } from "../contacts/contacts.service.js";

/**
 * The contacts an audience names, before the opt-out: any of the tags ∪ the ids chosen one by one
 * ∪ the search's matches ∪ what a CSV uploaded to `campaignId` added. Groups are never in it (a
 * campaign talks to people). An empty audience names nobody (not everybody).
 */
function named(audience: CampaignAudience, campaignId: number | null): SQL {
  const parts: SQL[] = [];
  if (audience.tagIds.length > 0) {
    parts.push(sql`exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contacts.id} and ${inArray(contactTags.tagId, audience.tagIds)})`);
  }
  if (audience.contactIds.length > 0) parts.push(inArray(contacts.id, audience.contactIds));
  if (audience.search !== "") {
    const matching = contactsMatching(audience.search);
    if (matching) parts.push(matching);
  }
  if (campaignId !== null) {
    parts.push(sql`exists (select 1 from ${campaignContacts} where ${campaignContacts.campaignId} = ${campaignId} and ${campaignContacts.contactId} = ${contacts.id})`);
  }
  return and(eq(contacts.isGroup, false), parts.length > 0 ? or(...parts) : sql`false`) as SQL;
}

/** Who the audience reaches now, and how many it names who opted out (left out). */
export async function countAudience(db: Db, audience: CampaignAudience, campaignId: number | null): Promise<AudienceCount> {
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${contacts.optedOutAt} is null)`.mapWith(Number),
      optedOut: sql<number>`count(*) filter (where ${contacts.optedOutAt} is not null)`.mapWith(Number),
    })
    .from(contacts)
    .where(named(audience, campaignId));
  return row ?? { total: 0, optedOut: 0 };
}

/**
 * Writes the recipients of a campaign being started: its audience now, less the opted out, one
 * row per contact (queued). One INSERT … SELECT, so 10,000 recipients are one statement. Returns how many.
 */
export async function insertRecipients(tx: Db, campaignId: number, audience: CampaignAudience): Promise<number> {
  const chosen = and(named(audience, campaignId), isNull(contacts.optedOutAt));
  const inserted = await tx.execute(sql`
    insert into ${campaignRecipients} (campaign_id, contact_id)
    select ${campaignId}::integer, ${contacts.id} from ${contacts} where ${chosen}
    on conflict do nothing
    returning id`);
  return (Array.isArray(inserted) ? inserted : (inserted as { rows: unknown[] }).rows).length;
}
