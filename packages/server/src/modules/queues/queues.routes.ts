import { createQueueBody, idParam, okResponse, queue, updateQueueBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { createQueue, deleteQueue, getQueue, listQueues, updateQueue } from "./queues.service.js";

const tags = ["queues"];
const writeErrors = errorResponses(400, 403, 404, 409);

/** Paths follow the spec (§7): `/queue`, singular. */
export function queuesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/queue", { schema: { tags, response: { 200: z.array(queue) } } }, async () => listQueues(ctx));

  r.get("/api/queue/:id", { schema: { tags, params: idParam, response: { 200: queue, ...errorResponses(404) } } }, async (request) =>
    getQueue(ctx, request.params.id),
  );

  r.post("/api/queue", { schema: { tags, body: createQueueBody, response: { 201: queue, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createQueue(ctx, actorOf(request), request.body)),
  );

  r.put("/api/queue/:id", { schema: { tags, params: idParam, body: updateQueueBody, response: { 200: queue, ...writeErrors } } }, async (request) =>
    updateQueue(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/queue/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404, 409) } } }, async (request) =>
    ok(deleteQueue(ctx, actorOf(request), request.params.id)),
  );
}
