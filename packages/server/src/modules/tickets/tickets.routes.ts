import { errorResponse, ticketsCount, ticketsCountQuery } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf } from "../../http/auth-plugin.js";
import { typed } from "../../http/typed.js";
import { countConnectionTickets } from "../connections/connections.service.js";

/**
 * The part of the tickets API this issue needs: the count shown by the connection's delete
 * confirmation. Lists and transitions come with the tickets module.
 */
export function ticketsRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    "/api/tickets/count",
    { schema: { tags: ["tickets"], querystring: ticketsCountQuery, response: { 200: ticketsCount, 403: errorResponse } } },
    async (request) => ({ count: await countConnectionTickets(ctx, actorOf(request), request.query.whatsappId) }),
  );
}
