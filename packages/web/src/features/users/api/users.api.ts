import type { UpdateUserBody, User } from "@atendo/contracts";
import { http } from "../../../lib/http";

export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return http.get<User>(`/users/${id}`, { signal });
}

export function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  return http.put<User>(`/users/${id}`, body);
}
