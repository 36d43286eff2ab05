import { monitorSnapshot as monitorSnapshotResponse } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { monitorSnapshot } from "./monitor.service.js";

/** The live monitor's figures (issue 30), admins only. */
export function monitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    "/api/monitor",
    {
      schema: {
        tags: ["monitor"],
        description:
          "The live monitor: per queue, waiting tickets, the longest wait, tickets at risk of or past an SLA target and the " +
          "assignment mode; per user, presence, open tickets against capacity and today's first-response median. " +
          "`nextChangeAt` is when the figures next change with no event (read them again then).",
        response: { 200: monitorSnapshotResponse, ...errorResponses(403) },
      },
    },
    async (request) => monitorSnapshot(ctx, actorOf(request)),
  );
}
