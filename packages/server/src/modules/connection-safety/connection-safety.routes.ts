import { connectionIncidentList, idParam, moveConnectionBody, moveConnectionResult } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { moveConnectionCustomers } from "./connection-move.service.js";
import { listOpenAlerts } from "./incidents.js";

const tags = ["connections"];

/** Number safety (issue 31, docs/decisions/0087), admins only: the connections alerted as down, and moving a connection's customers. */
export function connectionSafetyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/connection-incidents",
    { schema: { tags, summary: "Connections alerted as down and not back yet, oldest first", response: { 200: connectionIncidentList, ...errorResponses(403) } } },
    async (request) => listOpenAlerts(ctx, actorOf(request)),
  );

  r.post(
    "/api/whatsapp/:id/move",
    {
      schema: {
        tags,
        summary: "Move the connection's customers to another: active tickets and future routing; closed tickets stay",
        params: idParam,
        body: moveConnectionBody,
        response: { 200: moveConnectionResult, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => moveConnectionCustomers(ctx, actorOf(request), request.params.id, request.body.toWhatsappId),
  );
}
