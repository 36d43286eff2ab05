import { aboutResponse } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { messagingLibraryVersion, readAbout } from "./about.service.js";

export function aboutRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Read once per app: the installed library does not change while it runs.
  const libVersion = messagingLibraryVersion();
  typed(app).get(
    "/api/about",
    { schema: { tags: ["about"], response: { 200: aboutResponse, ...errorResponses(403) } } },
    async (request) => readAbout(ctx, actorOf(request), libVersion),
  );
}
