import { queueEvent, type CreateQueueBody, type Queue, type UpdateQueueBody } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { byText } from "../../../lib/paged-cache";
import { useSocketEvent } from "../../../lib/socket";
import { createQueue, deleteQueue, updateQueue } from "../api/queues.api";
import { queueQueryKey, queueQueryOptions, queuesQueryKey, queuesQueryOptions } from "../api/queues.queries";

const byName = byText<Queue>((queue) => queue.name);

function storeQueue(queryClient: QueryClient, queue: Queue): void {
  queryClient.setQueryData<Queue[]>(queuesQueryKey, (current) =>
    current ? [...current.filter((item) => item.id !== queue.id), queue].sort(byName) : current,
  );
  queryClient.setQueryData(queueQueryKey(queue.id), queue);
}

function forgetQueue(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Queue[]>(queuesQueryKey, (current) => current?.filter((item) => item.id !== id));
  queryClient.removeQueries({ queryKey: queueQueryKey(id), exact: true });
}

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
    refetchOnMount: "always",
    meta: { silent: true },
  });
}

export function useCreateQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQueueBody) => createQueue(body),
    onSuccess: (queue) => storeQueue(queryClient, queue),
  });
}

export function useUpdateQueue(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateQueueBody) => updateQueue(id, body),
    onSuccess: (queue) => storeQueue(queryClient, queue),
  });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteQueue(id),
    onSuccess: (_result, id) => forgetQueue(queryClient, id),
  });
}

/** Applies `queue` socket events (other admins' changes) to the cached queues. */
export function useQueuesLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent("queue", (payload: unknown) => {
    const parsed = queueEvent.safeParse(payload);
    if (!parsed.success) return;
    if (parsed.data.action === "delete") forgetQueue(queryClient, parsed.data.queueId);
    else storeQueue(queryClient, parsed.data.queue);
  });
}
