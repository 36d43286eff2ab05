import { createQueueBody, queue, updateQueueBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { adminDestinationErrors, entityRoutes } from "../../core/entity-routes.js";
import { createQueue, deleteQueue, getQueue, listQueues, updateQueue } from "./queues.service.js";

/**
 * Paths follow the spec (§7): `/queue`, singular. Every signed-in user reads queues; writing them
 * is the admin's, and a queue that routing leads to is not deleted (as other destinations).
 */
export function queuesRoutes(app: FastifyInstance, ctx: AppContext): void {
  entityRoutes(app, ctx, {
    path: "/api/queue",
    tags: ["queues"],
    entity: queue,
    createBody: createQueueBody,
    updateBody: updateQueueBody,
    errors: { ...adminDestinationErrors, list: [], get: [404] },
    actions: { list: listQueues, get: (ctx, _actor, id) => getQueue(ctx, id), create: createQueue, update: updateQueue, remove: deleteQueue },
  });
}
