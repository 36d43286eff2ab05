import { forwardMessagesBody, forwardResult, forwardTargets, forwardTargetsQuery } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { forwardMessages } from "./forward-messages.service.js";
import { listForwardTargets } from "./forward-targets.service.js";

const tags = ["forwarding"];

/** Forwarding messages to other tickets (spec §5, §7). */
export function forwardingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/forwardmessage/tickets",
    { schema: { tags, querystring: forwardTargetsQuery, response: { 200: forwardTargets, ...errorResponses(400) } } },
    async (request) => listForwardTargets(ctx, actorOf(request), request.query.searchParam),
  );

  r.post(
    "/api/forwardmessage/tickets",
    { schema: { tags, body: forwardMessagesBody, response: { 201: forwardResult, ...errorResponses(400, 403, 404, 409, 502) } } },
    async (request, reply) => reply.status(201).send(await forwardMessages(ctx, actorOf(request), request.body)),
  );
}
