import { destinationItem, destinationType, destinationTypeParam, stageParams, stageWaiting } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { listDestinationItems, listDestinationTypes } from "./destinations.service.js";
import { waitingInStage } from "./stages.service.js";

const tags = ["destinations"];

/** Admin only: what the connection form, URA rows and the announcement form choose from (spec §7). */
export function destinationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/destinationtype", { schema: { tags, response: { 200: z.array(destinationType), ...errorResponses(403) } } }, async (request) =>
    listDestinationTypes(actorOf(request)),
  );

  r.get(
    "/api/destinationtype/:type/items",
    { schema: { tags, params: destinationTypeParam, response: { 200: z.array(destinationItem), ...errorResponses(400, 403) } } },
    async (request) => listDestinationItems(ctx, actorOf(request), request.params.type),
  );

  // What the delete confirmation of a menu, announcement or monitoring says deleting it moves on.
  r.get(
    "/api/stages/:kind/:id/waiting",
    { schema: { tags, params: stageParams, response: { 200: stageWaiting, ...errorResponses(400, 403, 404) } } },
    async (request) => ({ count: await waitingInStage(ctx, actorOf(request), request.params.kind, request.params.id) }),
  );
}
