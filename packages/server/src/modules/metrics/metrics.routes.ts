import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { AppMetrics } from "./app-metrics.js";

/** Equal or not, in time that does not depend on where they differ (both hashed: equal lengths). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics, Prometheus' text format (docs/deployment.md). Registered always, so an install
 * without METRICS_TOKEN answers a plain 404 (not the web app's page); with it, only a scraper
 * that sends the token is answered. Public to the session check: the token is its credential.
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext, metrics: AppMetrics | undefined): void {
  const token = ctx.config.METRICS_TOKEN;
  app.get("/metrics", { config: { public: true, rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) throw new AppError("ERR_NOT_FOUND");
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!sameToken(given, token)) throw new AppError("ERR_METRICS_TOKEN_INVALID");
    return reply.type(metrics.registry.contentType).send(await metrics.scrape());
  });
}
