import type { CreateUserBody, UpdateUserBody } from "@atendo/contracts";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { nextPageNumber, refetchListsInFlight, refetchSearchedLists } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { createUser, deleteUser, getUser, listUsers, updateUser } from "../api/users.api";
import { allUsersLists, applyQueueToUsers, forgetUser, storeUser, userQueryKey, usersListKey } from "./users-cache";

/** Active users by name, 20 a page, searched on name and email. */
export function useUsersList(search: string) {
  return useInfiniteQuery({
    queryKey: usersListKey(search),
    queryFn: ({ pageParam, signal }) => listUsers({ searchParam: search, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    placeholderData: keepPreviousData,
    meta: { silent: true }, // the page shows the error itself
  });
}

/** A user for the edit form, always fetched fresh. */
export function useUserForEdit(id: number) {
  return useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
    refetchOnMount: "always",
    meta: { silent: true },
  });
}

/** Silent: the form handles ERR_USER_DELETED_EXISTS (re-enable flow) and toasts the rest itself. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => createUser(body),
    onSuccess: (user) => {
      storeUser(queryClient, user);
      refetchSearchedLists(queryClient, allUsersLists);
    },
    meta: { silent: true },
  });
}

/** Any user's update, including the re-enable (`isDeleted: false`). */
export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body),
    onSuccess: (user) => {
      storeUser(queryClient, user);
      refetchSearchedLists(queryClient, allUsersLists);
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: (_result, id) => forgetUser(queryClient, id),
  });
}

/** `user` events (other admins' changes) and `queue` events (the queue chips) update open lists. */
export function useUsersLive(): void {
  const queryClient = useQueryClient();
  useServerEvent("user", (event) => {
    if (event.action === "delete") forgetUser(queryClient, event.userId);
    else storeUser(queryClient, event.user);
    refetchListsInFlight(queryClient, allUsersLists);
  });
  useServerEvent("queue", (event) => {
    applyQueueToUsers(queryClient, event.action === "delete" ? { id: event.queueId, deleted: true } : event.queue);
  });
}
