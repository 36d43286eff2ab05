import type { Queue, QueueRef, User, UserPage } from "@atendo/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { byText, refetchSearchedLists, searchedListsCache } from "../../../lib/paged-cache";
import { updateSessionUser } from "../../../lib/session";
import { userQueryKey } from "../api/users.queries";

const lists = searchedListsCache<"users", User, UserPage>("users", "users", byText<User>((user) => user.name), userQueryKey);

const allUsersLists = lists.allLists;
export const refetchUsersInFlight = lists.refetchInFlight;

/** A created, changed or re-enabled user: into every open list (new ones only into unsearched lists). */
export function storeUser(queryClient: QueryClient, user: User): void {
  if (user.isDeleted) {
    forgetUser(queryClient, user.id);
    return;
  }
  lists.store(queryClient, user);
  updateSessionUser(user);
}

export const forgetUser = lists.forget;

/** The admin's own change: stored, and the lists a search filters fetched again to show it. */
export function storeOwnUser(queryClient: QueryClient, user: User): void {
  storeUser(queryClient, user);
  refetchSearchedLists(queryClient, allUsersLists);
}

/** Keeps the users' queue chips right when a queue is renamed, recoloured, re-staffed or removed. */
export function applyQueueToUsers(queryClient: QueryClient, queue: Queue | { id: number; deleted: true }): void {
  const members = "deleted" in queue ? new Set<number>() : new Set(queue.users.map((member) => member.id));
  const ref: QueueRef | null = "deleted" in queue ? null : { id: queue.id, name: queue.name, color: queue.color };
  const patch = (user: User): User => {
    const others = user.queues.filter((item) => item.id !== queue.id);
    const queues = ref && members.has(user.id) ? [...others, ref].sort(byText<QueueRef>((item) => item.name)) : others;
    const unchanged =
      queues.length === user.queues.length &&
      queues.every((item, index) => {
        const before = user.queues[index];
        return before?.id === item.id && before.name === item.name && before.color === item.color;
      });
    return unchanged ? user : { ...user, queues };
  };
  lists.eachList(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, users: page.users.map(patch) })),
  }));
}
