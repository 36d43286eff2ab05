import type { CreateQueueBody, Queue, UpdateQueueBody } from "@atendo/contracts";
import { adminEntity } from "../../../lib/admin-entity";
import { resourceApi } from "../../../lib/resource-api";

/** Every queue, by name (GET /queue is small and unpaged), on /queues and its form, kept live by `queue` events. */
export const queuesEntity = adminEntity("queues", resourceApi<Queue, CreateQueueBody, UpdateQueueBody>("/queue"), { live: "queue", title: "pages.queues" });

export const { listQueryOptions: queuesQueryOptions, recordQueryOptions: queueQueryOptions } = queuesEntity.resource;
