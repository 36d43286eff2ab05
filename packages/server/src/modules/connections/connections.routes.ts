import { connection, createConnectionBody, idParam, okResponse, pairingCode, pairingCodeBody, updateConnectionBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { entityRoutes } from "../../core/entity-routes.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import {
  createConnection,
  deleteConnection,
  disconnectSession,
  getConnection,
  listConnections,
  requestPairingCode,
  restartSession,
  updateConnection,
} from "./connections.service.js";

const tags = ["connections"];
/** Session commands: 503 ERR_WAPP_OWNER_UNREACHABLE when the instance that runs the connection does not answer. */
const sessionErrors = errorResponses(403, 404, 503);

/** Admin only. Paths follow the spec (§7): a connection is a "whatsapp" whatever its kind. */
export function connectionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  entityRoutes(app, ctx, {
    path: "/api/whatsapp",
    tags,
    entity: connection,
    createBody: createConnectionBody,
    updateBody: updateConnectionBody,
    errors: { list: [403], get: [403, 404], write: [400, 403, 404], remove: [400, 403, 404] },
    actions: { list: listConnections, get: getConnection, create: createConnection, update: updateConnection, remove: deleteConnection },
  });

  r.delete(
    "/api/whatsappsession/:id",
    { schema: { tags, summary: "Disconnect: answers at once; statuses follow as whatsappSession events", params: idParam, response: { 200: okResponse, ...sessionErrors } } },
    async (request) => ok(disconnectSession(ctx, actorOf(request), request.params.id)),
  );

  r.post(
    "/api/whatsappsession/:id",
    { schema: { tags, summary: "Try again: restarts the session on its stored credentials; statuses follow as whatsappSession events", params: idParam, response: { 200: okResponse, ...sessionErrors } } },
    async (request) => ok(restartSession(ctx, actorOf(request), request.params.id)),
  );

  r.post(
    "/api/whatsappsession/:id/pairing-code",
    {
      schema: {
        tags,
        summary: "Pair by phone number: the code to type on the phone",
        params: idParam,
        body: pairingCodeBody,
        response: { 200: pairingCode, ...errorResponses(400, 403, 404, 409, 503) },
      },
    },
    async (request) => ({ code: await requestPairingCode(ctx, actorOf(request), request.params.id, request.body.number) }),
  );
}
