import { createMonitoringBody, idParam, monitoring, okResponse, updateMonitoringBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { createMonitoring, deleteMonitoring, getMonitoring, listMonitorings, updateMonitoring } from "./monitorings.service.js";

const tags = ["monitorings"];
const writeErrors = errorResponses(400, 403, 404, 409);

/** Admin only; paths as the spec writes them (§7). */
export function monitoringsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/monitorings", { schema: { tags, response: { 200: z.array(monitoring), ...errorResponses(403) } } }, async (request) =>
    listMonitorings(ctx, actorOf(request)),
  );

  r.get("/api/monitorings/:id", { schema: { tags, params: idParam, response: { 200: monitoring, ...errorResponses(403, 404) } } }, async (request) =>
    getMonitoring(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/monitorings", { schema: { tags, body: createMonitoringBody, response: { 201: monitoring, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createMonitoring(ctx, actorOf(request), request.body)),
  );

  r.put(
    "/api/monitorings/:id",
    { schema: { tags, params: idParam, body: updateMonitoringBody, response: { 200: monitoring, ...writeErrors } } },
    async (request) => updateMonitoring(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/monitorings/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404, 409) } } }, async (request) =>
    ok(deleteMonitoring(ctx, actorOf(request), request.params.id)),
  );
}
