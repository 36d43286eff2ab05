import { cloudTemplateList, idParam, sendTemplateBody, sentMessages, ticketIdParam } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { requireAdmin } from "../../core/actor.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { listTemplates, resyncTemplates, sendTemplate } from "./cloud-templates.js";

const tags = ["WhatsApp Cloud API"];

/** The Cloud API's message templates (docs/decisions/0089): listed, synced from Meta, sent to a ticket. */
export function cloudTemplatesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/connections/:id/templates",
    {
      schema: {
        tags,
        summary: "The connection's message templates, as last synced from its business account (synced the first time)",
        params: idParam,
        response: { 200: cloudTemplateList, ...errorResponses(403, 404, 502) },
      },
    },
    async (request) => listTemplates(ctx, actorOf(request), request.params.id),
  );

  r.post(
    "/api/connections/:id/templates/sync",
    { schema: { tags, summary: "Syncs the templates again from Meta (admins)", params: idParam, response: { 200: cloudTemplateList, ...errorResponses(403, 404, 502) } } },
    async (request) => {
      requireAdmin(actorOf(request));
      return resyncTemplates(ctx, request.params.id);
    },
  );

  r.post(
    "/api/messages/:ticketId/template",
    {
      schema: {
        tags,
        summary: "Sends an approved template with its variables to a WhatsApp Cloud API ticket (also outside the 24-hour window)",
        params: ticketIdParam,
        body: sendTemplateBody,
        response: { 201: sentMessages, ...errorResponses(400, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => reply.status(201).send({ messages: await sendTemplate(ctx, actorOf(request), request.params.ticketId, request.body) }),
  );
}
