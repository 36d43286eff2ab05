import { activeTicketStatuses } from "@atendo/contracts";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { databaseError } from "../../core/db-errors.js";
import { tickets } from "../../db/schema/index.js";
import { inValues } from "../../db/schema/in-values.js";
import * as lifecycle from "../../modules/tickets/ticket-lifecycle.js";
import type { TicketRow } from "../../modules/tickets/tickets.repo.js";
import type { RoutePlan } from "../../modules/routing/walk.js";
import type { SurveyAnswer } from "../../modules/surveys/survey-answer.js";
import { answerCampaign } from "../../modules/campaigns/campaign-reply.js";

export interface ActiveTicket {
  ticket: TicketRow;
  /** Created by this message: route it, greet, announce it. */
  created: boolean;
  /** How a created ticket was routed (its texts to send, its event). */
  plan: RoutePlan | null;
  /** A closed ticket brought back (within TICKET_REOPEN_WINDOW_MINUTES). */
  reopened: TicketRow | null;
  /** The message answered the survey of `ticket`, which stays closed (docs/decisions/0081). */
  survey?: SurveyAnswer;
}

const active = inArray(tickets.status, activeTicketStatuses);

async function selectActive(tx: Db, contactId: number, connectionId: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId), active))
    .limit(1);
  return row;
}

/**
 * Reopens the contact's most recently closed ticket on this connection when it closed less than
 * `windowMinutes` ago: back to pending in its queue, with no owner (docs/decisions/0013). Runs in a
 * savepoint: a concurrent message that created an active ticket meanwhile wins the unique index.
 */
async function reopenRecent(tx: Db, contactId: number, connectionId: number, windowMinutes: number, now: Date): Promise<{ before: TicketRow; after: TicketRow } | undefined> {
  if (windowMinutes <= 0) return undefined;
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  const closedAt = sql`coalesce(${tickets.closedAt}, ${tickets.updatedAt})`;
  const [before] = await tx
    .select()
    .from(tickets)
    // A monitoring's ticket is not reopened: the next alert goes through the monitoring again.
    .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId), eq(tickets.status, "closed"), isNull(tickets.monitoringId), gt(closedAt, since)))
    .orderBy(desc(closedAt), desc(tickets.id))
    .limit(1);
  if (!before) return undefined;
  try {
    return await tx.transaction(async (savepoint) => {
      const [after] = await savepoint
        .update(tickets)
        .set(lifecycle.reopenedByCustomer(now))
        .where(and(eq(tickets.id, before.id), eq(tickets.status, "closed")))
        .returning();
      return after ? { before, after } : undefined;
    });
  } catch (error) {
    if (databaseError(error)?.code === "23505") return undefined;
    throw error;
  }
}

/**
 * The contact's active (pending/open) ticket on this connection, created if there is none.
 * The partial unique index `tickets_active_contact_connection_key` makes it single: the insert
 * does nothing when another transaction holds the active ticket (it waits for that one to
 * commit), and the select that follows finds it. No lock, no retry loop.
 */
export async function findOrCreateActiveTicket(
  tx: Db,
  input: { contactId: number; connectionId: number; isGroup: boolean; reopenWindowMinutes: number; now: Date; timeZone?: string; campaignReplies?: boolean },
  route: () => Promise<RoutePlan>,
  surveyAnswer: () => Promise<SurveyAnswer | null> = async () => null,
): Promise<ActiveTicket> {
  const { contactId, connectionId, now } = input;
  const existing = await selectActive(tx, contactId, connectionId);
  if (existing) return { ticket: existing, created: false, plan: null, reopened: null };

  // Before a closed ticket is reopened or a new one opened: the answer to a survey awaiting it.
  const survey = await surveyAnswer();
  if (survey) return { ticket: survey.ticket, created: false, plan: null, reopened: null, survey };

  // The answer to a campaign: its closed ticket starts waiting, with the campaign's marker (docs/decisions/0085).
  if (!input.isGroup && input.campaignReplies === true) {
    const answered = await answerCampaign(tx, { contactId, connectionId, timeZone: input.timeZone ?? "UTC", now }, route);
    if (answered) return { ticket: answered.ticket, created: true, plan: answered.plan, reopened: null };
  }

  const reopened = await reopenRecent(tx, contactId, connectionId, input.reopenWindowMinutes, now);
  if (reopened) return { ticket: reopened.after, created: false, plan: null, reopened: reopened.before };

  const plan = await route();
  // A ticket a monitoring records closed is not active: it never meets the index, and inserts.
  const [inserted] = await tx
    .insert(tickets)
    .values({ contactId, connectionId, isGroup: input.isGroup, ...lifecycle.opened(plan.placement, now) })
    .onConflictDoNothing({ target: [tickets.contactId, tickets.connectionId], where: inValues(tickets.status, activeTicketStatuses) })
    .returning();
  if (inserted) return { ticket: inserted, created: true, plan, reopened: null };

  const winner = await selectActive(tx, contactId, connectionId);
  if (!winner) throw new Error(`no active ticket for contact ${contactId} on connection ${connectionId} after a conflict`);
  return { ticket: winner, created: false, plan: null, reopened: null };
}
