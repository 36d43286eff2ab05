import { setPresenceBody, userPresence } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { setOwnPresence } from "./presence.service.js";

const tags = ["users"];

export function presenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  // Any signed-in user, for themself only: the path names no one else.
  r.put("/api/users/me/presence", { schema: { tags, body: setPresenceBody, response: { 200: userPresence, ...errorResponses(404) } } }, async (request) =>
    setOwnPresence(ctx, actorOf(request), request.body.status),
  );
}
