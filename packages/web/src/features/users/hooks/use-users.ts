import type { CreateUserBody, UpdateUserBody } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { useServerEvent } from "../../../lib/socket";
import { useLiveCache } from "../../../lib/use-live-cache";
import { deleteMutationMeta } from "../../../lib/whole-list-resource";
import { createUser, deleteUser, updateUser } from "../api/users.api";
import { applyQueueToUsers, forgetUser, refetchUsersInFlight, storeOwnUser, storeUser } from "./users-cache";

/** Silent: the form handles ERR_USER_DELETED_EXISTS (re-enable flow) and toasts the rest itself. */
export function useCreateUser() {
  return useCacheMutation((body: CreateUserBody) => createUser(body), storeOwnUser, { silent: true });
}

/** Any user's update, including the re-enable (`isDeleted: false`). */
export function useEditUser() {
  return useCacheMutation(({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body), storeOwnUser);
}

/** A user some connection, menu or monitoring still routes to is refused: the delete dialog says by whom. */
export function useDeleteUser() {
  return useCacheMutation(deleteUser, (queryClient, _result, id) => forgetUser(queryClient, id), deleteMutationMeta);
}

/** `user` events (other admins' changes) and `queue` events (the queue chips) update open lists. */
export function useUsersLive(): void {
  const queryClient = useQueryClient();
  useLiveCache("user", { store: storeUser, forget: forgetUser, after: refetchUsersInFlight });
  useServerEvent("queue", (event) => {
    applyQueueToUsers(
      queryClient,
      event.action === "delete" ? { id: event.queueId, deleted: true } : event.queue,
    );
  });
}
