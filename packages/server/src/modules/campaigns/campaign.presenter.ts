import type { Campaign } from "@atendo/contracts";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { campaignContacts, connections, queues, users, type campaigns } from "../../db/schema/index.js";
import { countAudience } from "./campaign-audience.js";
import { countsOf, zeroCounts } from "./campaign-recipients.js";

export type CampaignRow = typeof campaigns.$inferSelect;

async function namesById(db: Db, table: typeof connections | typeof queues | typeof users, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const label = table === connections ? sql<string>`coalesce(${connections.label}, ${connections.name})` : sql<string>`${table.name}`;
  const rows = await db.select({ id: table.id, name: label }).from(table).where(inArray(table.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const ref = (names: Map<number, string>, id: number | null) => (id === null ? null : { id, name: names.get(id) ?? "" });

/**
 * Campaigns as the API shows them, in a few reads for a whole page: the names they link to, the
 * contacts a CSV added, counts per recipient status; a campaign not started yet counts its audience as it stands.
 */
export async function presentCampaigns(db: Db, rows: readonly CampaignRow[]): Promise<Campaign[]> {
  const ids = rows.map((row) => row.id);
  const [connectionNames, queueNames, userNames, counts, uploaded] = await Promise.all([
    namesById(db, connections, rows.map((row) => row.connectionId)),
    namesById(db, queues, rows.map((row) => row.queueId)),
    namesById(db, users, rows.map((row) => row.createdBy)),
    countsOf(db, ids),
    ids.length === 0
      ? []
      : db
          .select({ campaignId: campaignContacts.campaignId, count: sql<number>`count(*)`.mapWith(Number) })
          .from(campaignContacts)
          .where(inArray(campaignContacts.campaignId, ids))
          .groupBy(campaignContacts.campaignId),
  ]);
  const uploadedBy = new Map(uploaded.map((row) => [row.campaignId, row.count]));
  return Promise.all(
    rows.map(async (row): Promise<Campaign> => {
      const started = counts.get(row.id);
      const notStarted = row.status === "draft" || row.status === "scheduled";
      const total = started?.total ?? (notStarted ? (await countAudience(db, row.audience, row.id)).total : 0);
      return {
        id: row.id,
        name: row.name,
        status: row.status,
        whatsapp: ref(connectionNames, row.connectionId) ?? { id: 0, name: "" },
        queue: ref(queueNames, row.queueId),
        audience: row.audience,
        uploadedContacts: uploadedBy.get(row.id) ?? 0,
        body: row.body,
        mediaName: row.mediaFileName,
        startAt: row.startAt?.toISOString() ?? null,
        window: row.window ?? null,
        total,
        counts: started?.counts ?? zeroCounts(),
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        createdBy: ref(userNames, row.createdBy),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
  );
}

export async function presentCampaign(db: Db, row: CampaignRow): Promise<Campaign> {
  const [campaign] = await presentCampaigns(db, [row]);
  return campaign!;
}
