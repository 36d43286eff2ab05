import {
  createUserBody,
  idParam,
  listUsersQuery,
  okResponse,
  updateUserBody,
  user,
  userByEmailQuery,
  userByEmailResponse,
  userDirectoryPage,
  userPage,
} from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { createUser, deleteUser, updateUser } from "./user-writes.service.js";
import { findUserByEmail, getUser, listUserDirectory, listUsers } from "./users.service.js";

const tags = ["users"];
const writeErrors = errorResponses(403, 404, 409);

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/users", { schema: { tags, querystring: listUsersQuery, response: { 200: userPage, ...errorResponses(403) } } }, async (request) =>
    listUsers(ctx, actorOf(request), request.query),
  );

  r.get("/api/users/directory", { schema: { tags, querystring: listUsersQuery, response: { 200: userDirectoryPage } } }, async (request) =>
    listUserDirectory(ctx, request.query),
  );

  r.get(
    "/api/users/search/items",
    { schema: { tags, querystring: userByEmailQuery, response: { 200: userByEmailResponse, ...errorResponses(403) } } },
    async (request) => findUserByEmail(ctx, actorOf(request), request.query.email),
  );

  r.get("/api/users/:id", { schema: { tags, params: idParam, response: { 200: user, ...errorResponses(403, 404) } } }, async (request) =>
    getUser(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/users", { schema: { tags, body: createUserBody, response: { 201: user, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createUser(ctx, actorOf(request), request.body)),
  );

  r.put("/api/users/:id", { schema: { tags, params: idParam, body: updateUserBody, response: { 200: user, ...writeErrors } } }, async (request) =>
    updateUser(ctx, actorOf(request), request.params.id, request.body, request.ip),
  );

  r.delete("/api/users/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...writeErrors } } }, async (request) =>
    ok(deleteUser(ctx, actorOf(request), request.params.id)),
  );
}
