import {
  addParticipantsBody,
  createTicketBody,
  idParam,
  listTicketsQuery,
  okResponse,
  participantParams,
  showTicketResponse,
  startConnections,
  ticketHistory,
  ticketHistoryQuery,
  ticketPage,
  ticketResponse,
  ticketResult,
  ticketsCount,
  ticketsCountQuery,
  ticketBulkBody,
  ticketBulkResponse,
  updateTicketBody,
} from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { countConnectionTickets } from "../connections/connections.service.js";
import { bulkTickets } from "./ticket-bulk.service.js";
import { startableConnections } from "./ticket-connections.service.js";
import { createTicket } from "./ticket-create.service.js";
import { listTickets } from "./ticket-list.service.js";
import { addParticipants, removeParticipant } from "./ticket-participants.service.js";
import { updateTicket } from "./ticket-update.service.js";
import { deleteTicket, showTicket, ticketHistory as historyOf } from "./tickets.service.js";

const tags = ["tickets"];
const errors = errorResponses(400, 403, 404, 409);

/**
 * Tickets (spec §7). `/api/tickets/count`, `/api/tickets/history` and `/api/tickets/connections`
 * are static routes, which the router always prefers to `/api/tickets/:id`.
 */
export function ticketsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/tickets", { schema: { tags, querystring: listTicketsQuery, response: { 200: ticketPage, ...errorResponses(400) } } }, async (request) =>
    listTickets(ctx, actorOf(request), request.query),
  );

  r.get(
    "/api/tickets/count",
    { schema: { tags, querystring: ticketsCountQuery, response: { 200: ticketsCount, ...errorResponses(403) } } },
    async (request) => ({ count: await countConnectionTickets(ctx, actorOf(request), request.query.whatsappId) }),
  );

  r.get("/api/tickets/history", { schema: { tags, querystring: ticketHistoryQuery, response: { 200: ticketHistory, ...errors } } }, async (request) =>
    historyOf(ctx, actorOf(request), request.query),
  );

  r.get("/api/tickets/connections", { schema: { tags, response: { 200: startConnections } } }, async (request) => ({
    connections: await startableConnections(ctx, actorOf(request)),
  }));

  r.get("/api/tickets/:id", { schema: { tags, params: idParam, response: { 200: showTicketResponse, ...errorResponses(404) } } }, async (request) =>
    showTicket(ctx, actorOf(request), request.params.id),
  );

  r.post(
    "/api/tickets",
    { schema: { tags, body: createTicketBody, response: { 201: ticketResult, 200: ticketResult, ...errors } } },
    async (request, reply) => {
      const { created, result } = await createTicket(ctx, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  // One action on many tickets, each answered on its own (docs/decisions/0077).
  r.post(
    "/api/tickets/bulk",
    { schema: { tags, body: ticketBulkBody, response: { 200: ticketBulkResponse, ...errorResponses(400, 404) } } },
    async (request) => bulkTickets(ctx, actorOf(request), request.body),
  );

  r.put("/api/tickets/:id", { schema: { tags, params: idParam, body: updateTicketBody, response: { 200: ticketResult, ...errors } } }, async (request) =>
    updateTicket(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/tickets/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404) } } }, async (request) =>
    ok(deleteTicket(ctx, actorOf(request), request.params.id)),
  );

  r.post(
    "/api/tickets/:id/participant",
    { schema: { tags, params: idParam, body: addParticipantsBody, response: { 200: ticketResponse, ...errors } } },
    async (request) => addParticipants(ctx, actorOf(request), request.params.id, request.body.participantIds),
  );

  r.delete(
    "/api/tickets/:id/participant/:userId",
    { schema: { tags, params: participantParams, response: { 200: ticketResponse, ...errors } } },
    async (request) => removeParticipant(ctx, actorOf(request), request.params.id, request.params.userId),
  );
}
