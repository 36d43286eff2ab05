import type { Queue, QueueRef, User, UserPage } from "@atendo/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { byText, removeFromPages, upsertInPages } from "../../../lib/paged-cache";
import { updateSessionUser } from "../../../lib/session";

export const userQueryKey = (id: number) => ["users", id] as const;
export const usersListKey = (search: string) => ["users", "list", search] as const;
export const allUsersLists = ["users", "list"] as const;

const byName = byText<User>((user) => user.name);

type UsersData = InfiniteData<UserPage>;

function eachList(queryClient: QueryClient, update: (data: UsersData, search: string) => UsersData | undefined): void {
  for (const [key, data] of queryClient.getQueriesData<UsersData>({ queryKey: allUsersLists })) {
    if (!data) continue;
    const search = typeof key[2] === "string" ? key[2] : "";
    queryClient.setQueryData<UsersData>(key, update(data, search));
  }
}

/** A created, changed or re-enabled user: into every open list (new ones only into unsearched lists). */
export function storeUser(queryClient: QueryClient, user: User): void {
  if (user.isDeleted) {
    forgetUser(queryClient, user.id);
    return;
  }
  eachList(queryClient, (data, search) => upsertInPages(data, "users", user, { compare: byName, insert: search === "" }));
  queryClient.setQueryData(userQueryKey(user.id), user);
  updateSessionUser(user);
}

export function forgetUser(queryClient: QueryClient, id: number): void {
  eachList(queryClient, (data) => removeFromPages(data, "users", id));
  queryClient.removeQueries({ queryKey: userQueryKey(id), exact: true });
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
  eachList(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, users: page.users.map(patch) })),
  }));
}
