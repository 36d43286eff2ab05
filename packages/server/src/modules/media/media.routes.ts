import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { mediaForUser, sendMedia } from "./media.service.js";

/**
 * GET /media/{name}: a message's file (the `mediaUrl` of a message), fetched with the bearer
 * token, for users who may see the message's ticket.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    "/api/media/:name",
    { schema: { tags: ["messages"], params: z.object({ name: z.string().max(100) }), response: errorResponses(403, 404) } },
    async (request, reply) => sendMedia(ctx, reply, await mediaForUser(ctx, actorOf(request), request.params.name)),
  );
}
