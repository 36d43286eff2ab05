import type { UpdateUserBody, User } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { updateUser } from "../api/users.api";
import { userQueryOptions } from "../api/users.queries";
import { storeUser } from "./users-cache";

/** One user, starting from data already at hand (e.g. the session's own user). */
export function useUser(id: number, placeholder?: User) {
  return useQuery({
    ...userQueryOptions(id),
    placeholderData: placeholder,
  });
}

/** The signed-in user's own profile. */
export function useUpdateUser(id: number) {
  return useCacheMutation((body: UpdateUserBody) => updateUser(id, body), storeUser);
}
