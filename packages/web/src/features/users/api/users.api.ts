import type { CreateUserBody, UpdateUserBody, User, UserByEmailResponse, UserPage } from "@atendo/contracts";
import { http } from "../../../lib/http";
import { resourceApi } from "../../../lib/resource-api";

const usersApi = resourceApi<User, CreateUserBody, UpdateUserBody, UserPage>("/users");

/** `deleteUser` is a soft delete: the user's tickets and messages stay. */
export const { page: listUsers, get: getUser, create: createUser, update: updateUser, remove: deleteUser } = usersApi;

/** The user holding `email`, soft-deleted ones included (re-enable flow). */
export function findUserByEmail(email: string, signal?: AbortSignal): Promise<UserByEmailResponse> {
  return http.get<UserByEmailResponse>("/users/search/items", { query: { email }, signal });
}
