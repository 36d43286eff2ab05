import type { CreateUserBody, UpdateUserBody, User, UserByEmailResponse, UserPage } from "@atendo/contracts";
import { http } from "../../../lib/http";
import type { PageQuery } from "../../../lib/paged-cache";

export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return http.get<User>(`/users/${id}`, { signal });
}

export function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  return http.put<User>(`/users/${id}`, body);
}

export function listUsers(query: PageQuery, signal?: AbortSignal): Promise<UserPage> {
  return http.get<UserPage>("/users", { query: { ...query }, signal });
}

/** The user holding `email`, soft-deleted ones included (re-enable flow). */
export function findUserByEmail(email: string, signal?: AbortSignal): Promise<UserByEmailResponse> {
  return http.get<UserByEmailResponse>("/users/search/items", { query: { email }, signal });
}

export function createUser(body: CreateUserBody): Promise<User> {
  return http.post<User>("/users", body);
}

/** Soft delete: the user's tickets and messages stay. */
export function deleteUser(id: number): Promise<void> {
  return http.delete<void>(`/users/${id}`);
}
