import { describe, expect, it } from "vitest";
import { chooseQueue, chooseUser, initialChoice, ownerChoices, queueChoices, type OwnerQueueChoice } from "./owner-queue-choice";

const ana = { id: 1, name: "Ana" };
const bia = { id: 2, name: "Bia" };
const caio = { id: 3, name: "Caio" };
const queues = [
  { id: 10, name: "Sales", users: [ana, bia] },
  { id: 20, name: "Support", users: [bia] },
  { id: 30, name: "Empty", users: [] },
];
const none: OwnerQueueChoice = { user: null, queueId: null, lead: null };

describe("monitoring owner and queue", () => {
  it("offers everyone and every queue while nothing is chosen", () => {
    expect(ownerChoices(queues, null)).toBeNull();
    expect(queueChoices(queues, null).map((queue) => queue.id)).toEqual([10, 20, 30]);
  });

  it("narrows the owners to the chosen queue's members and the queues to the owner's", () => {
    expect(ownerChoices(queues, 10)).toEqual([ana, bia]);
    expect(ownerChoices(queues, 30)).toEqual([]);
    expect(queueChoices(queues, bia.id).map((queue) => queue.id)).toEqual([10, 20]);
    expect(queueChoices(queues, caio.id)).toEqual([]);
  });

  it("keeps a compatible pair and makes the first choice lead", () => {
    const owner = chooseUser(none, bia, queues);
    expect(owner).toEqual({ user: bia, queueId: null, lead: "user" });
    expect(chooseQueue(owner, 20, queues)).toEqual({ user: bia, queueId: 20, lead: "user" });
    const queue = chooseQueue(none, 10, queues);
    expect(chooseUser(queue, ana, queues)).toEqual({ user: ana, queueId: 10, lead: "queue" });
  });

  it("drops the other choice when the new one does not fit it", () => {
    expect(chooseQueue({ user: ana, queueId: null, lead: "user" }, 20, queues)).toEqual({ user: null, queueId: 20, lead: "queue" });
    expect(chooseUser({ user: bia, queueId: 20, lead: "queue" }, caio, queues)).toEqual({ user: caio, queueId: null, lead: "user" });
  });

  it("clears what depends on a cleared choice, and only that", () => {
    expect(chooseUser({ user: bia, queueId: 20, lead: "user" }, null, queues)).toEqual(none);
    expect(chooseQueue({ user: bia, queueId: 20, lead: "queue" }, null, queues)).toEqual(none);
    expect(chooseQueue({ user: bia, queueId: 20, lead: "user" }, null, queues)).toEqual({ user: bia, queueId: null, lead: "user" });
    expect(chooseUser({ user: bia, queueId: 20, lead: "queue" }, null, queues)).toEqual({ user: null, queueId: 20, lead: "queue" });
  });

  it("starts a saved monitoring with the owner leading", () => {
    expect(initialChoice(ana, 10)).toEqual({ user: ana, queueId: 10, lead: "user" });
    expect(initialChoice(null, null)).toEqual(none);
  });
});
