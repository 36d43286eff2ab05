import { createQueueBody, errorResponse, idParam, okResponse, queue, updateQueueBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf } from "../../core/route-kit.js";
import { mapConstraint } from "../../core/db-errors.js";
import { typed } from "../../core/route-kit.js";
import { createQueue, deleteQueue, getQueue, listQueues, updateQueue } from "./queues.service.js";

const tags = ["queues"];
const writeErrors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** Paths follow the spec (§7): `/queue`, singular. */
export function queuesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  mapConstraint("queues_name_key", "ERR_QUEUE_NAME_ALREADY_EXISTS");
  mapConstraint("queues_color_key", "ERR_QUEUE_COLOR_ALREADY_EXISTS");

  r.get("/api/queue", { schema: { tags, response: { 200: z.array(queue) } } }, async () => listQueues(ctx));

  r.get(
    "/api/queue/:id",
    { schema: { tags, params: idParam, response: { 200: queue, 404: errorResponse } } },
    async (request) => getQueue(ctx, request.params.id),
  );

  r.post(
    "/api/queue",
    { schema: { tags, body: createQueueBody, response: { 201: queue, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await createQueue(ctx, actorOf(request), request.body)),
  );

  r.put(
    "/api/queue/:id",
    { schema: { tags, params: idParam, body: updateQueueBody, response: { 200: queue, ...writeErrors } } },
    async (request) => updateQueue(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    "/api/queue/:id",
    { schema: { tags, params: idParam, response: { 200: okResponse, 403: errorResponse, 404: errorResponse } } },
    async (request) => {
      await deleteQueue(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
