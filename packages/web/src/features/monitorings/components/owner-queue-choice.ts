import type { UserRef } from "@atendo/contracts";

/** The part of a queue the owner and queue pickers read: its members. */
export interface QueueMembers {
  id: number;
  users: readonly UserRef[];
}

/**
 * The monitoring form's owner and queue (spec §2): each narrows the other's choices, and the one
 * chosen second depends on the one chosen first (`lead`), so clearing the first clears it too.
 */
export interface OwnerQueueChoice {
  user: UserRef | null;
  queueId: number | null;
  lead: "user" | "queue" | null;
}

/** A saved monitoring's pair: the owner leads (it is required, the queue optional). */
export function initialChoice(user: UserRef | null, queueId: number | null): OwnerQueueChoice {
  return { user, queueId, lead: user ? "user" : queueId === null ? null : "queue" };
}

function isMember(queues: readonly QueueMembers[], queueId: number, userId: number): boolean {
  return queues.find((queue) => queue.id === queueId)?.users.some((user) => user.id === userId) ?? false;
}

/** Users the owner picker offers: the chosen queue's members, or null for everyone (searched on the server). */
export function ownerChoices(queues: readonly QueueMembers[], queueId: number | null): readonly UserRef[] | null {
  if (queueId === null) return null;
  return queues.find((queue) => queue.id === queueId)?.users ?? [];
}

/** Queues the queue picker offers: those the chosen owner belongs to, or all of them. */
export function queueChoices<Q extends QueueMembers>(queues: readonly Q[], userId: number | null): Q[] {
  return userId === null ? [...queues] : queues.filter((queue) => queue.users.some((user) => user.id === userId));
}

/** Picks (or clears) the owner: a queue the new owner is not in is dropped; clearing a leading owner clears the queue. */
export function chooseUser(choice: OwnerQueueChoice, user: UserRef | null, queues: readonly QueueMembers[]): OwnerQueueChoice {
  if (!user) {
    if (choice.lead === "user") return { user: null, queueId: null, lead: null };
    return { user: null, queueId: choice.queueId, lead: choice.queueId === null ? null : "queue" };
  }
  if (choice.queueId !== null && !isMember(queues, choice.queueId, user.id)) return { user, queueId: null, lead: "user" };
  return { user, queueId: choice.queueId, lead: choice.lead ?? "user" };
}

/** Picks (or clears) the queue: an owner outside the new queue is dropped; clearing a leading queue clears the owner. */
export function chooseQueue(choice: OwnerQueueChoice, queueId: number | null, queues: readonly QueueMembers[]): OwnerQueueChoice {
  if (queueId === null) {
    if (choice.lead === "queue") return { user: null, queueId: null, lead: null };
    return { user: choice.user, queueId: null, lead: choice.user ? "user" : null };
  }
  if (choice.user && !isMember(queues, queueId, choice.user.id)) return { user: null, queueId, lead: "queue" };
  return { user: choice.user, queueId, lead: choice.lead ?? "queue" };
}
