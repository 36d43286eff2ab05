import type { CreateQueueBody, Queue, UpdateQueueBody } from "@atendo/contracts";
import { resourceApi } from "../../../lib/resource-api";
import { wholeListResource } from "../../../lib/whole-list-resource";

/** Every queue, by name (GET /queue is small and unpaged), each one, and their mutations. */
export const queuesResource = wholeListResource("queues", resourceApi<Queue, CreateQueueBody, UpdateQueueBody>("/queue"), (queue) => queue.name);

export const { listQueryOptions: queuesQueryOptions, recordQueryOptions: queueQueryOptions } = queuesResource;
