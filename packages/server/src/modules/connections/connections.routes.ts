import {
  connection,
  createConnectionBody,
  idParam,
  okResponse,
  pairingCode,
  pairingCodeBody,
  updateConnectionBody,
} from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
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
const readErrors = errorResponses(403, 404);
/** Session commands: 503 ERR_WAPP_OWNER_UNREACHABLE when the instance that runs the connection does not answer. */
const sessionErrors = errorResponses(403, 404, 503);
const writeErrors = errorResponses(400, 403, 404);

/** Admin only. Paths follow the spec (§7): a connection is a "whatsapp" whatever its kind. */
export function connectionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/whatsapp", { schema: { tags, response: { 200: z.array(connection), ...errorResponses(403) } } }, async (request) =>
    listConnections(ctx, actorOf(request)),
  );

  r.get("/api/whatsapp/:id", { schema: { tags, params: idParam, response: { 200: connection, ...readErrors } } }, async (request) =>
    getConnection(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/whatsapp", { schema: { tags, body: createConnectionBody, response: { 201: connection, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createConnection(ctx, actorOf(request), request.body)),
  );

  r.put(
    "/api/whatsapp/:id",
    { schema: { tags, params: idParam, body: updateConnectionBody, response: { 200: connection, ...writeErrors } } },
    async (request) => updateConnection(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/whatsapp/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...writeErrors } } }, async (request) =>
    ok(deleteConnection(ctx, actorOf(request), request.params.id)),
  );

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
