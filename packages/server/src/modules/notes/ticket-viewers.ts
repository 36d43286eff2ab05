import { seesTicket, type MentionCandidate, type TicketFacts } from "@atendo/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { userQueues, users } from "../../db/schema/index.js";
import { inAutomatedStage, type TicketScope } from "../tickets/ticket.policy.js";
import { participantIdsOf } from "../tickets/tickets.repo.js";

/**
 * Active users (all, or those of `userIds`) and whether each may see the ticket now, by the
 * tickets rule itself (contracts' seesTicket): who a note may mention (decision 0073). A team is
 * tens of users, so they are read whole and the rule asked per user.
 */
export async function ticketViewers(db: Db, ticket: TicketScope, userIds?: readonly number[]): Promise<MentionCandidate[]> {
  if (userIds?.length === 0) return [];
  const people = await db
    .select({ id: users.id, name: users.name, profile: users.profile, canSeeAllTicketHistory: users.canSeeAllTicketHistory })
    .from(users)
    .where(and(eq(users.isDeleted, false), userIds ? inArray(users.id, [...userIds]) : undefined))
    .orderBy(asc(users.name), asc(users.id));
  const members =
    ticket.queueId === null
      ? new Set<number>()
      : new Set((await db.select({ id: userQueues.userId }).from(userQueues).where(eq(userQueues.queueId, ticket.queueId))).map((row) => row.id));
  const facts: TicketFacts = {
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    participantIds: await participantIdsOf(db, ticket.id),
    inMenu: inAutomatedStage(ticket),
  };
  const candidates = people.map((person) => {
    // Seeing a ticket never reads the unstaffed queues (only an admin's own work does).
    const viewer = {
      id: person.id,
      profile: person.profile,
      queueIds: ticket.queueId !== null && members.has(person.id) ? [ticket.queueId] : [],
      canSeeAllTicketHistory: person.canSeeAllTicketHistory,
      unstaffedQueueIds: [] as number[],
    };
    return { id: person.id, name: person.name, seesTicket: seesTicket(facts, viewer) };
  });
  // Those who may see it first: the picker offers them; the others only as people to invite.
  return [...candidates.filter((c) => c.seesTicket), ...candidates.filter((c) => !c.seesTicket)];
}
