import { destinationItem, destinationType, destinationTypeParam } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { listDestinationItems, listDestinationTypes } from "./destinations.service.js";

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
}
