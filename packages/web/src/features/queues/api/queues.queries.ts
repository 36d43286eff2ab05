import { wholeListQueries } from "../../../lib/resource-queries";
import { getQueue, listQueues } from "./queues.api";

/** Every queue, by name (GET /queue is small and unpaged), and each one. */
export const {
  listKey: queuesQueryKey,
  recordKey: queueQueryKey,
  listQueryOptions: queuesQueryOptions,
  recordQueryOptions: queueQueryOptions,
} = wholeListQueries("queues", { list: listQueues, get: getQueue });
