import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { campaignRecipients, campaigns } from "../../db/schema/index.js";
import type { DomainEvents } from "../../events/event-bus.js";
import type { RecentCampaigns } from "./recent-campaigns.js";

/**
 * A customer's message marks their campaign messages on that connection as replied (the
 * recipients sent before it, not yet replied). Read at query time from then on (campaign-recipients.ts).
 */
export function listenForCampaignReplies(events: DomainEvents, db: Db, recent: RecentCampaigns): void {
  events.on("message.received", "campaigns", async ({ ticket, message }) => {
    if (message.fromMe || ticket.isGroup || ticket.whatsappId === null) return;
    // No campaign of this connection can await an answer: nothing to read (the inbound burst stays as it was).
    if (!(await recent.connections()).has(ticket.whatsappId)) return;
    // The channel's timestamp may lag Atendo's clock: any message after the send counts.
    const at = new Date();
    await db
      .update(campaignRecipients)
      .set({ repliedAt: at, updatedAt: new Date() })
      .where(
        and(
          eq(campaignRecipients.contactId, ticket.contactId),
          eq(campaignRecipients.status, "sent"),
          isNull(campaignRecipients.repliedAt),
          lte(campaignRecipients.sentAt, at),
          sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaignRecipients.campaignId} and ${campaigns.connectionId} = ${ticket.whatsappId})`,
        ),
      );
  });
}
