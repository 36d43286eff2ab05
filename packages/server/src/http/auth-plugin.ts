import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { whaticketPath } from "@atendo/contracts";
import "../core/route-kit.js";
import { authenticate, bearerToken, refuseBeforeEnrolment } from "../modules/auth/authenticate.js";

/**
 * Every /api route is private unless its config says `public`: the actor is loaded before the
 * handler. So is every route of the Whaticket dialect (/whaticket, decision 0066).
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("actor", null);
  app.addHook("onRequest", async (request) => {
    if (!isApiPath(request.url) || request.routeOptions.config?.public) return;
    if (request.url.startsWith("/api/docs")) return; // the API reference is public
    if (!request.routeOptions.url) return; // unknown route: let the 404 handler answer
    request.actor = await authenticate(ctx, bearerToken(request.headers.authorization));
    if (!request.routeOptions.config.allowedBeforeEnrolment) refuseBeforeEnrolment(request.actor);
  });
}

function isApiPath(url: string): boolean {
  return url.startsWith("/api/") || url.startsWith(`${whaticketPath}/`);
}
