import type { UpdateUserBody, User } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { updateSessionUser } from "../../../lib/session";
import { getUser, updateUser } from "../api/users.api";

export const userQueryKey = (id: number) => ["users", id] as const;

/** One user, starting from data already at hand (e.g. the session's own user). */
export function useUser(id: number, placeholder?: User) {
  return useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
    placeholderData: placeholder,
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(id), user);
      updateSessionUser(user);
    },
  });
}
