import { queryOptions } from "@tanstack/react-query";
import { getQueue, listQueues } from "./queues.api";

export const queuesQueryKey = ["queues"] as const;
export const queueQueryKey = (id: number) => ["queues", id] as const;

/** Every queue, by name (GET /queue is small and unpaged). */
export function queuesQueryOptions() {
  return queryOptions({ queryKey: queuesQueryKey, queryFn: ({ signal }) => listQueues(signal) });
}

export function queueQueryOptions(id: number) {
  return queryOptions({ queryKey: queueQueryKey(id), queryFn: ({ signal }) => getQueue(id, signal) });
}
