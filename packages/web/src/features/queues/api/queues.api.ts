import type { CreateQueueBody, Queue, UpdateQueueBody } from "@atendo/contracts";
import { http } from "../../../lib/http";

export function listQueues(signal?: AbortSignal): Promise<Queue[]> {
  return http.get<Queue[]>("/queue", { signal });
}

export function getQueue(id: number, signal?: AbortSignal): Promise<Queue> {
  return http.get<Queue>(`/queue/${id}`, { signal });
}

export function createQueue(body: CreateQueueBody): Promise<Queue> {
  return http.post<Queue>("/queue", body);
}

export function updateQueue(id: number, body: UpdateQueueBody): Promise<Queue> {
  return http.put<Queue>(`/queue/${id}`, body);
}

export function deleteQueue(id: number): Promise<void> {
  return http.delete<void>(`/queue/${id}`);
}
