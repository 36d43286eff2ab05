import { errorResponse, idParam, updateUserBody, user } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf } from "../../http/auth-plugin.js";
import { typed } from "../../http/typed.js";
import { getUser, updateUser } from "./users.service.js";

const tags = ["users"];

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/users/:id",
    { schema: { tags, params: idParam, response: { 200: user, 403: errorResponse, 404: errorResponse } } },
    async (request) => getUser(ctx, actorOf(request), request.params.id),
  );

  r.put(
    "/api/users/:id",
    {
      schema: { tags, params: idParam, body: updateUserBody, response: { 200: user, 403: errorResponse, 404: errorResponse } },
    },
    async (request) => updateUser(ctx, actorOf(request), request.params.id, request.body),
  );
}
