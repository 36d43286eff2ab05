import { createUraBody, idParam, okResponse, ura, updateUraBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { createUra, deleteUra, getUra, listUras, updateUra } from "./uras.service.js";

const tags = ["uras"];
const writeErrors = errorResponses(400, 403, 404, 409);

/** Admin only; paths as the spec writes them (§7). */
export function urasRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/uras", { schema: { tags, response: { 200: z.array(ura), ...errorResponses(403) } } }, async (request) => listUras(ctx, actorOf(request)));

  r.get("/api/uras/:id", { schema: { tags, params: idParam, response: { 200: ura, ...errorResponses(403, 404) } } }, async (request) =>
    getUra(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/uras", { schema: { tags, body: createUraBody, response: { 201: ura, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createUra(ctx, actorOf(request), request.body)),
  );

  r.put("/api/uras/:id", { schema: { tags, params: idParam, body: updateUraBody, response: { 200: ura, ...writeErrors } } }, async (request) =>
    updateUra(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/uras/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404, 409) } } }, async (request) =>
    ok(deleteUra(ctx, actorOf(request), request.params.id)),
  );
}
