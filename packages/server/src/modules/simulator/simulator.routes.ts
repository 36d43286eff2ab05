import {
  channelInboundResponse,
  connectionIdParam,
  simulatorConversation as conversationResponse,
  simulatorConversationQuery,
  simulatorMessageBody,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, parseWith, typed } from "../../core/route-kit.js";
import { discardUploads, readMultipartForm, type Upload } from "../media/multipart-form.js";
import { assertCanUseSimulator } from "./simulator.policy.js";
import { simulateInbound, simulatorConversation } from "./simulator.service.js";

const tags = ["simulator"];

/** Fields and the one `file` of a multipart simulator message (streamed to disk like every upload). */
async function readForm(ctx: AppContext, request: FastifyRequest): Promise<{ fields: Record<string, string>; file?: Upload }> {
  const form = await readMultipartForm(ctx, request, { fileFields: ["file"], maxFiles: 1, fileFieldHint: "The file goes in the `file` field." });
  return { fields: form.fields, file: form.files[0] };
}

/**
 * The customer simulator ("try it without WhatsApp"): admins write as a customer of an API
 * connection and read that customer's side of the conversation.
 */
export function simulatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.post(
    "/api/simulator/:connectionId/messages",
    {
      schema: {
        tags,
        description: "JSON `{ name, number, body }` (simulatorMessageBody), or multipart with the same fields and one `file`.",
        consumes: ["application/json", "multipart/form-data"],
        params: connectionIdParam,
        response: { 201: channelInboundResponse, ...errorResponses(400, 403, 404, 408, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      assertCanUseSimulator(actor); // before reading an upload
      const form = request.isMultipart() ? await readForm(ctx, request) : { fields: request.body, file: undefined };
      try {
        const input = parseWith(simulatorMessageBody, form.fields);
        return reply.status(201).send(await simulateInbound(ctx, actor, request.params.connectionId, input, form.file));
      } finally {
        if (form.file) await discardUploads(ctx, [form.file]); // the temporary name, once stored under its own
      }
    },
  );

  r.get(
    "/api/simulator/:connectionId/messages",
    { schema: { tags, params: connectionIdParam, querystring: simulatorConversationQuery, response: { 200: conversationResponse, ...errorResponses(403, 404) } } },
    async (request) => simulatorConversation(ctx, actorOf(request), request.params.connectionId, request.query.number),
  );
}
