import type { AppContext } from "../context.js";
import { assignmentRunnerSlot } from "../modules/assignment/assignment-runner.js";

/**
 * Automatic assignment's safety net (decision 0079): the events that trigger a pass are not
 * durable (the inbound group commit publishes `ticket.created` right after its commit), so an
 * instance that died between a commit and its listeners, or a ticket a pass skipped because
 * another write held it, would leave a ticket waiting while someone could take it. Every instance
 * runs the same pass now and then; passes take turns on the assignment lock.
 */
export function sweepWaitingTickets(ctx: AppContext): Promise<void> {
  return ctx.slots.get(assignmentRunnerSlot).request();
}
