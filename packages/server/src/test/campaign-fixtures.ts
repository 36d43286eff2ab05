import type { Campaign, CreateCampaignBody } from "@atendo/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { campaignRecipients, contacts, messages, tickets } from "../db/schema/index.js";
import type { TestServer } from "./harness.js";

/** POST /api/campaigns as the admin, failing unless it was created. */
export async function createCampaign(server: TestServer, token: string, input: Partial<CreateCampaignBody> & Pick<CreateCampaignBody, "whatsappId">): Promise<Campaign> {
  const response = await server.request({
    method: "POST",
    url: "/api/campaigns",
    token,
    payload: { name: "Black Friday", audience: { tagIds: [], contactIds: [], search: "" }, body: "Hello {{firstName}}!", ...input },
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/campaigns failed: ${response.body}`);
  return response.json() as Campaign;
}

export async function act(server: TestServer, token: string, id: number, action: string) {
  return server.request({ method: "POST", url: `/api/campaigns/${id}/${action}`, token });
}

/** Inserts `count` contacts straight into the database (a large audience without 10,000 requests); their ids. */
export async function insertContacts(db: Db, prefix: string, count: number, extra: Partial<typeof contacts.$inferInsert> = {}): Promise<number[]> {
  const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  const rows = await db
    .insert(contacts)
    .values(Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i}`, number: `5599${String(base + i * 7).padStart(9, "0")}`, ...extra })))
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  return rows.map((row) => row.id);
}

/** How many outgoing messages each of these contacts received on the connection (exactly once: every value 1). */
export async function messagesPerContact(db: Db, connectionId: number, contactIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ contactId: tickets.contactId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(sql`${messages.fromMe} and ${messages.connectionId} = ${connectionId} and ${inArray(tickets.contactId, [...contactIds])}`)
    .groupBy(tickets.contactId);
  return new Map(rows.map((row) => [row.contactId!, row.count]));
}

export async function queuedLeft(db: Db, campaignId: number): Promise<number> {
  return db.$count(campaignRecipients, sql`${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.status} = 'queued'`);
}
