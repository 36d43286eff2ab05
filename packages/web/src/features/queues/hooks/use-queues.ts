import type { Queue, UpdateQueueBody } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { byText } from "../../../lib/paged-cache";
import { forEditForm } from "../../../lib/query-presets";
import { useLiveCache } from "../../../lib/use-live-cache";
import { wholeListCache } from "../../../lib/whole-list-cache";
import { createQueue, deleteQueue, updateQueue } from "../api/queues.api";
import { queueQueryKey, queueQueryOptions, queuesQueryKey, queuesQueryOptions } from "../api/queues.queries";

const cache = wholeListCache<Queue>(queuesQueryKey, queueQueryKey, byText<Queue>((queue) => queue.name));
const storeQueue = cache.store;
const forgetQueue = cache.forget;

/** Every queue, by name (GET /queue is small and unpaged). */
export function useQueues(options: { silent?: boolean } = {}) {
  return useQuery({
    ...queuesQueryOptions(),
    meta: { silent: options.silent },
  });
}

/** One queue, always fetched fresh for its form (members may have changed from the users screen). */
export function useQueue(id: number) {
  return useQuery({
    ...queueQueryOptions(id),
    ...forEditForm,
  });
}

export function useCreateQueue() {
  return useCacheMutation(createQueue, (queryClient, queue) => storeQueue(queryClient, queue));
}

export function useUpdateQueue(id: number) {
  return useCacheMutation((body: UpdateQueueBody) => updateQueue(id, body), (queryClient, queue) => storeQueue(queryClient, queue));
}

export function useDeleteQueue() {
  return useCacheMutation(deleteQueue, (queryClient, _result, id) => forgetQueue(queryClient, id));
}

/** Applies `queue` socket events (other admins' changes) to the cached queues. */
export function useQueuesLive(): void {
  useLiveCache("queue", cache);
}
