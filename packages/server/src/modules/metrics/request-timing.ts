import type { FastifyInstance } from "fastify";
import type { AppMetrics } from "./app-metrics.js";

/**
 * Times every answered request into the latency histogram, labelled by the route's pattern
 * (`/api/tickets/:ticketId`) so labels stay bounded; what matched no route (the web app's pages,
 * probes of unknown paths) counts as "unmatched".
 */
export function timeRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? "unmatched",
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
