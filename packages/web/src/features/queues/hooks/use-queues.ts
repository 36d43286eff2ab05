import { useLiveCache } from "../../../lib/use-live-cache";
import { queuesResource } from "../api/queues.queries";

export const {
  /** Every queue, by name (GET /queue is small and unpaged). */
  useList: useQueues,
  /** One queue, always fetched fresh for its form (members may have changed from the users screen). */
  useRecord: useQueue,
  useCreate: useCreateQueue,
  useUpdate: useUpdateQueue,
  useDelete: useDeleteQueue,
} = queuesResource;

/** Applies `queue` socket events (other admins' changes) to the cached queues. */
export function useQueuesLive(): void {
  useLiveCache("queue", queuesResource.cache);
}
