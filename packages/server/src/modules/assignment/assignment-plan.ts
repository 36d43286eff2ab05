import type { QueueAssignmentMode } from "@atendo/contracts";

/** An online member of an automatic queue, as counted under the assignment lock. */
export interface Candidate {
  userId: number;
  /** Open tickets they own now, in any queue (the plan adds what it gives them). */
  open: number;
  /** Their capacity; null is unlimited. */
  max: number | null;
  /** Their last automatic assignment's turn; null: never assigned. */
  turn: number | null;
}

/** A ticket waiting in an automatic queue, oldest first. */
export interface Waiting {
  ticketId: number;
  queueId: number;
  contactId: number | null;
}

export interface QueueRule {
  mode: Exclude<QueueAssignmentMode, "manual">;
  returnToLastAttendant: boolean;
  /** Its online members (ids of `candidates`). */
  members: readonly number[];
}

export interface Assignment {
  ticketId: number;
  userId: number;
  /** The turn this assignment takes (the user's new `lastAssignmentTurn`). */
  turn: number;
}

export const hasRoom = (candidate: Candidate): boolean => candidate.max === null || candidate.open < candidate.max;

/** Never assigned comes first, then the longest ago; the lower id breaks a tie. */
function byTurn(a: Candidate, b: Candidate): number {
  return (a.turn ?? -1) - (b.turn ?? -1) || a.userId - b.userId;
}

function pick(rule: QueueRule, eligible: Candidate[]): Candidate | undefined {
  const order = rule.mode === "leastBusy" ? (a: Candidate, b: Candidate) => a.open - b.open || byTurn(a, b) : byTurn;
  return eligible.sort(order)[0];
}

/**
 * Who gets each waiting ticket, oldest first (docs/decisions/0079): an online member of its queue
 * under capacity — the customer's last attendant first when the queue asks for it, else the
 * member assigned longest ago (`roundRobin`) or the one with the fewest open tickets
 * (`leastBusy`). A user in two queues is one candidate: what one queue gives them counts against
 * the other. Tickets nobody can take are left out (they wait). Pure: the caller holds the lock and
 * read the counts.
 */
export function planAssignments(
  waiting: readonly Waiting[],
  queues: ReadonlyMap<number, QueueRule>,
  candidates: ReadonlyMap<number, Candidate>,
  lastAttendantOf: ReadonlyMap<number, number>,
  lastTurn: number,
): Assignment[] {
  const plan: Assignment[] = [];
  let turn = lastTurn;
  for (const ticket of waiting) {
    const rule = queues.get(ticket.queueId);
    if (!rule) continue;
    const eligible = rule.members.map((id) => candidates.get(id)).filter((c): c is Candidate => c !== undefined && hasRoom(c));
    if (eligible.length === 0) continue;
    const last = rule.returnToLastAttendant && ticket.contactId !== null ? lastAttendantOf.get(ticket.contactId) : undefined;
    const chosen = eligible.find((c) => c.userId === last) ?? pick(rule, eligible);
    if (!chosen) continue;
    turn += 1;
    chosen.open += 1;
    chosen.turn = turn;
    plan.push({ ticketId: ticket.ticketId, userId: chosen.userId, turn });
  }
  return plan;
}
