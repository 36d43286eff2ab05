import type { CreateQueueBody, Queue, UpdateQueueBody } from "@atendo/contracts";
import { resourceApi } from "../../../lib/resource-api";

const queuesApi = resourceApi<Queue, CreateQueueBody, UpdateQueueBody>("/queue");

export const { list: listQueues, get: getQueue, create: createQueue, update: updateQueue, remove: deleteQueue } = queuesApi;
