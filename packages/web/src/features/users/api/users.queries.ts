import { searchedPagesOptions } from "../../../lib/paged-cache";
import { recordQueries } from "../../../lib/resource-queries";
import { getUser, listUsers } from "./users.api";

export const { recordKey: userQueryKey, recordQueryOptions: userQueryOptions } = recordQueries("users", getUser);

/** Active users by name, 20 a page, searched on name and email. */
export function usersListQueryOptions(search: string) {
  return searchedPagesOptions("users", search, listUsers);
}
