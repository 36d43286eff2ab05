import type { UpdateUserBody, User } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getUser, updateUser } from "../api/users.api";
import { storeUser, userQueryKey } from "./users-cache";

export { userQueryKey };

/** One user, starting from data already at hand (e.g. the session's own user). */
export function useUser(id: number, placeholder?: User) {
  return useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
    placeholderData: placeholder,
  });
}

/** The signed-in user's own profile. */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(id, body),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}
