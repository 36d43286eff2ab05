import {
  channelInboundResponse,
  connectionIdParam,
  limits,
  simulatorConversation as conversationResponse,
  simulatorConversationQuery,
  simulatorMessageBody,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { actorOf, errorResponses, parseWith, typed } from "../../core/route-kit.js";
import { assertCanUseSimulator } from "./simulator.policy.js";
import { simulateInbound, simulatorConversation, type SimulatorFile } from "./simulator.service.js";

const tags = ["simulator"];

/** Fields and the one `file` of a multipart simulator message (admin only, read into memory). */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file?: SimulatorFile }> {
  const fields: Record<string, string> = {};
  let file: SimulatorFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: limits.documentBytes, files: 1, fields: 5, fieldSize: limits.messageBodyMax * 4 } })) {
    if (part.type === "field") fields[part.fieldname] = String(part.value);
    else if (part.fieldname === "file") file = { data: await part.toBuffer(), mimeType: part.mimetype, fileName: part.filename || "file" };
    else throw new AppError("ERR_MISSING_VALUES", 400, "The file goes in the `file` field.");
  }
  return { fields, file };
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
        response: { 201: channelInboundResponse, ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      assertCanUseSimulator(actor); // before reading an upload
      const form = request.isMultipart() ? await readForm(request) : { fields: request.body, file: undefined };
      const input = parseWith(simulatorMessageBody, form.fields);
      return reply.status(201).send(await simulateInbound(ctx, actor, request.params.connectionId, input, form.file));
    },
  );

  r.get(
    "/api/simulator/:connectionId/messages",
    { schema: { tags, params: connectionIdParam, querystring: simulatorConversationQuery, response: { 200: conversationResponse, ...errorResponses(403, 404) } } },
    async (request) => simulatorConversation(ctx, actorOf(request), request.params.connectionId, request.query.number),
  );
}
