import type { DomainEventMap } from "../../events/domain-events.js";
import type { DomainEvents } from "../../events/event-bus.js";
import type { AssignmentRunner } from "./assignment-runner.js";

type TicketMomentName = "ticket.created" | "ticket.reopened" | "ticket.transferred" | "ticket.updated";

/**
 * Whether a ticket moment may let a waiting ticket find an attendant: a ticket now waits in a
 * queue (new, reopened, moved there, sent back), or its former owner has one ticket fewer.
 */
function mayAssign(moment: DomainEventMap[TicketMomentName]): boolean {
  const { ticket, before } = moment;
  const waits = ticket.status === "pending" && ticket.queueId !== null && ticket.ura === null;
  const freed = before !== undefined && before.status === "open" && before.userId !== null && before.userId !== ticket.userId;
  return waits || freed;
}

/**
 * Automatic assignment's triggers (decision 0079), each a request for a pass on this instance:
 * a ticket that may wait in a queue, capacity freed (a close, a transfer, a return, a deletion),
 * someone coming online, a queue's mode or members changed, a user's capacity or queues changed.
 * Not durable: the inbound group commit publishes `ticket.created` after its commit, so the sweep
 * job (jobs/assignment-sweep.ts) runs the same pass periodically and a crash loses nothing.
 */
export function listenForAssignment(events: DomainEvents, runner: AssignmentRunner): void {
  events.on(["ticket.created", "ticket.reopened", "ticket.transferred", "ticket.updated"], "auto-assignment", (moment) =>
    mayAssign(moment) ? runner.request() : undefined,
  );
  events.on(["ticket.closed", "ticket.deleted", "contact.deleted", "queue.changed", "user.changed"], "auto-assignment", () => runner.request());
  events.on("presence.changed", "auto-assignment", ({ status }) => (status === "online" ? runner.request() : undefined));
}
