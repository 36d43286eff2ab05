import { queueEvent, userEvent, type CreateUserBody, type UpdateUserBody } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { refetchListsInFlight, refetchSearchedLists } from "../../../lib/paged-cache";
import { useSocketEvent } from "../../../lib/socket";
import { createUser, deleteUser, updateUser } from "../api/users.api";
import { userQueryOptions } from "../api/users.queries";
import { allUsersLists, applyQueueToUsers, forgetUser, storeUser } from "./users-cache";

/** A user for the edit form, always fetched fresh. */
export function useUserForEdit(id: number) {
  return useQuery({
    ...userQueryOptions(id),
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
  useSocketEvent("user", (payload: unknown) => {
    const parsed = userEvent.safeParse(payload);
    if (!parsed.success) return;
    if (parsed.data.action === "delete") forgetUser(queryClient, parsed.data.userId);
    else storeUser(queryClient, parsed.data.user);
    refetchListsInFlight(queryClient, allUsersLists);
  });
  useSocketEvent("queue", (payload: unknown) => {
    const parsed = queueEvent.safeParse(payload);
    if (!parsed.success) return;
    applyQueueToUsers(
      queryClient,
      parsed.data.action === "delete" ? { id: parsed.data.queueId, deleted: true } : parsed.data.queue,
    );
  });
}
