import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { databaseError } from "../../core/db-errors.js";
import { campaignRecipients, tickets } from "../../db/schema/index.js";
import type { RoutePlan } from "../routing/walk.js";
import { findQueueClock } from "../tickets/sla-clock.repo.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import type { TicketRow } from "../tickets/tickets.repo.js";

/** How long after its message a campaign's closed ticket waits for the customer's answer (docs/decisions/0085). */
export const CAMPAIGN_REPLY_DAYS = 7;

/**
 * The customer's first answer to a campaign whose message opened a closed ticket for them
 * (campaign-sender.ts): that ticket starts waiting — in the campaign's queue, or where routing
 * puts a new conversation when the campaign names none — with its campaign marker, as a new
 * conversation does (announced as created). Undefined when no campaign awaits this contact's
 * answer on this connection, or when another message made an active ticket meanwhile (the
 * unique index; the caller then finds that one).
 */
export async function answerCampaign(
  tx: Db,
  input: { contactId: number; connectionId: number; timeZone: string; now: Date },
  route: () => Promise<RoutePlan>,
): Promise<{ ticket: TicketRow; plan: RoutePlan } | undefined> {
  const since = new Date(input.now.getTime() - CAMPAIGN_REPLY_DAYS * 86_400_000);
  const [awaiting] = await tx
    .select({ ticketId: tickets.id, queueId: tickets.queueId })
    .from(campaignRecipients)
    .innerJoin(tickets, eq(tickets.id, campaignRecipients.ticketId))
    .where(
      and(
        eq(campaignRecipients.contactId, input.contactId),
        eq(campaignRecipients.status, "sent"),
        isNull(campaignRecipients.repliedAt),
        gt(campaignRecipients.sentAt, since),
        eq(tickets.connectionId, input.connectionId),
        eq(tickets.status, "closed"),
        sql`${tickets.campaignId} is not null`,
      ),
    )
    .orderBy(desc(campaignRecipients.sentAt))
    .limit(1);
  if (!awaiting) return undefined;
  const plan = awaiting.queueId === null ? await route() : await queuePlan(tx, awaiting.queueId, input.timeZone);
  try {
    return await tx.transaction(async (savepoint) => {
      const [ticket] = await savepoint
        .update(tickets)
        .set(lifecycle.answeredCampaign(plan.placement, input.now))
        .where(and(eq(tickets.id, awaiting.ticketId), eq(tickets.status, "closed")))
        .returning();
      return ticket ? { ticket, plan } : undefined;
    });
  } catch (error) {
    if (databaseError(error)?.code === "23505") return undefined;
    throw error;
  }
}

/** Waiting in the campaign's queue, its SLA clock started; no greeting (the campaign spoke first). */
async function queuePlan(tx: Db, queueId: number, timeZone: string): Promise<RoutePlan> {
  const queue = await findQueueClock(tx, queueId, timeZone);
  return {
    placement: { status: "pending", queueId: queue ? queueId : null, userId: null, uraId: null, uraMisses: 0, botId: null, monitoringId: null, outOfHours: false, sla: queue?.clock ?? null },
    texts: [],
    action: "pending",
  };
}
