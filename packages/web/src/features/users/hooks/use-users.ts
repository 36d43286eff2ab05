import { queueEvent, userEvent, type CreateUserBody, type UpdateUserBody } from "@atendo/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { refetchListsInFlight } from "../../../lib/paged-cache";
import { forEditForm } from "../../../lib/query-presets";
import { useSocketEvent } from "../../../lib/socket";
import { createUser, deleteUser, updateUser } from "../api/users.api";
import { userQueryOptions } from "../api/users.queries";
import { allUsersLists, applyQueueToUsers, forgetUser, storeOwnUser, storeUser } from "./users-cache";

/** A user for the edit form, always fetched fresh. */
export function useUserForEdit(id: number) {
  return useQuery({
    ...userQueryOptions(id),
    ...forEditForm,
  });
}

/** Silent: the form handles ERR_USER_DELETED_EXISTS (re-enable flow) and toasts the rest itself. */
export function useCreateUser() {
  return useCacheMutation((body: CreateUserBody) => createUser(body), storeOwnUser, { silent: true });
}

/** Any user's update, including the re-enable (`isDeleted: false`). */
export function useEditUser() {
  return useCacheMutation(({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body), storeOwnUser);
}

export function useDeleteUser() {
  return useCacheMutation(deleteUser, (queryClient, _result, id) => forgetUser(queryClient, id));
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
