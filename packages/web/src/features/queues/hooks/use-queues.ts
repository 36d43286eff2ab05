import { queuesEntity } from "../api/queues.queries";

/** Every queue, by name (GET /queue is small and unpaged). */
export const useQueues = queuesEntity.resource.useList;
