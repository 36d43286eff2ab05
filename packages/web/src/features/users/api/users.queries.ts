import { queryOptions } from "@tanstack/react-query";
import { searchedPagesOptions } from "../../../lib/paged-cache";
import { getUser, listUsers } from "./users.api";

export const userQueryKey = (id: number) => ["users", id] as const;

/** Active users by name, 20 a page, searched on name and email. */
export function usersListQueryOptions(search: string) {
  return searchedPagesOptions("users", search, listUsers);
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });
}
