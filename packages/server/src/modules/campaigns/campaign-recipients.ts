import { recipientStatuses, type CampaignRecipient, type RecipientCounts, type RecipientStatus } from "@atendo/contracts";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { campaignRecipients, contacts, messages } from "../../db/schema/index.js";

/**
 * Where a recipient stands, read at query time from what each moment already writes: the opt-out
 * (the contact's `opted_out_at`, since the campaign started), the reply (`replied_at`, set by the
 * listener), the message's failure and ack (the channel's updates), else what the runner stored.
 * Nothing has to follow the message's updates into a second row.
 */
export const recipientStatus = sql<RecipientStatus>`case
  when ${campaignRecipients.status} = 'optedOut' or ${contacts.optedOutAt} >= ${campaignRecipients.createdAt} then 'optedOut'
  when ${campaignRecipients.repliedAt} is not null then 'replied'
  when ${campaignRecipients.status} = 'failed' or ${messages.failed} then 'failed'
  when ${campaignRecipients.status} = 'queued' then 'queued'
  when ${messages.ack} >= 4 then 'read'
  when ${messages.ack} >= 3 then 'delivered'
  else 'sent' end`;

function recipientsOf(db: Db, selection: Record<string, unknown>) {
  return db
    .select(selection as never)
    .from(campaignRecipients)
    .innerJoin(contacts, eq(contacts.id, campaignRecipients.contactId))
    .leftJoin(messages, eq(messages.id, campaignRecipients.messageId))
    .$dynamic();
}

/** Every status with 0 (the contract lists them all). */
export function zeroCounts(): RecipientCounts {
  return Object.fromEntries(recipientStatuses.map((status) => [status, 0])) as RecipientCounts;
}

/** Counts per status and the total of each campaign, in one grouped read. */
export async function countsOf(db: Db, campaignIds: readonly number[]): Promise<Map<number, { total: number; counts: RecipientCounts }>> {
  const result = new Map<number, { total: number; counts: RecipientCounts }>();
  if (campaignIds.length === 0) return result;
  const rows = (await recipientsOf(db, {
    campaignId: campaignRecipients.campaignId,
    status: recipientStatus,
    count: sql<number>`count(*)`.mapWith(Number),
  })
    .where(inArray(campaignRecipients.campaignId, [...campaignIds]))
    .groupBy(campaignRecipients.campaignId, recipientStatus)) as unknown as { campaignId: number; status: RecipientStatus; count: number }[];
  for (const row of rows) {
    const entry = result.get(row.campaignId) ?? { total: 0, counts: zeroCounts() };
    entry.counts[row.status] += row.count;
    entry.total += row.count;
    result.set(row.campaignId, entry);
  }
  return result;
}

interface RecipientRow {
  id: number;
  contactId: number;
  name: string;
  number: string;
  status: RecipientStatus;
  error: string | null;
  sentAt: Date | null;
  updatedAt: Date;
}

const selection = {
  id: campaignRecipients.id,
  contactId: contacts.id,
  name: contacts.name,
  number: contacts.number,
  status: recipientStatus,
  error: campaignRecipients.error,
  sentAt: campaignRecipients.sentAt,
  updatedAt: campaignRecipients.updatedAt,
};

function where(campaignId: number, status: RecipientStatus | undefined): SQL {
  return and(eq(campaignRecipients.campaignId, campaignId), status ? sql`${recipientStatus} = ${status}` : undefined) as SQL;
}

export function presentRecipient(row: RecipientRow): CampaignRecipient {
  return {
    id: row.id,
    contact: { id: row.contactId, name: row.name, number: row.number },
    status: row.status,
    error: row.error,
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A campaign's recipients in the order they were queued, optionally of one status. */
export async function recipientRows(db: Db, campaignId: number, status: RecipientStatus | undefined, window?: { limit: number; offset: number }): Promise<RecipientRow[]> {
  const query = recipientsOf(db, selection).where(where(campaignId, status)).orderBy(asc(campaignRecipients.id));
  return (await (window ? query.limit(window.limit).offset(window.offset) : query)) as unknown as RecipientRow[];
}

export async function recipientCount(db: Db, campaignId: number, status: RecipientStatus | undefined): Promise<number> {
  const [row] = (await recipientsOf(db, { count: sql<number>`count(*)`.mapWith(Number) }).where(where(campaignId, status))) as unknown as { count: number }[];
  return row?.count ?? 0;
}
