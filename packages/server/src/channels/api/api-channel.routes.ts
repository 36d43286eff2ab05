import {
  channelAckBody,
  channelInboundBody,
  channelInboundResponse,
  channelMediaParams,
  connectionIdParam,
  limits,
  okResponse,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { errorResponses, ok, typed } from "../../core/route-kit.js";
import { mediaForChannel, sendMedia } from "../../modules/media/media.service.js";
import { discardUploads, readMultipartForm } from "../../modules/media/multipart-form.js";
import { authenticateChannel, receiveChannelAck, receiveChannelForm, receiveChannelMessage, type ChannelConnection, type ChannelInbound } from "./api-inbound.js";
import { ChannelTokenThrottle } from "./channel-token-throttle.js";

declare module "fastify" {
  interface FastifyRequest {
    channelConnection: ChannelConnection | null;
  }
}

const tags = ["API channel"];
const security = [{ bearer: [] }];
const refusals = errorResponses(400, 401, 413, 415, 429);

/**
 * A JSON body: an inline file of up to 16 MB base64-encoded, plus room for the rest. Larger files
 * come as multipart/form-data, streamed to disk (no body limit: the file limits apply).
 */
const inboundBodyLimit = Math.ceil(limits.channelInlineFileBytes / 3) * 4 + 1024 * 1024;

/**
 * The API channel's HTTP side (docs/api-channel.md). Not user routes: they are public to the
 * user auth hook and authenticate the connection's own token instead.
 */
export function apiChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  app.decorateRequest("channelConnection", null);

  // Per app, like the sign-in throttle: wrong tokens per address and per connection.
  const throttle = new ChannelTokenThrottle();
  // Before the body is read: a caller without the token never gets its body parsed.
  const onRequest = async (request: FastifyRequest) => {
    const id = Number((request.params as { connectionId?: string }).connectionId);
    const connectionId = Number.isSafeInteger(id) ? id : 0;
    request.channelConnection = await authenticateChannel(ctx, throttle, { connectionId, ip: request.ip, authorization: request.headers.authorization });
  };
  const connectionOf = (request: FastifyRequest): ChannelConnection => {
    if (!request.channelConnection) throw new AppError("ERR_INVALID_CHANNEL_TOKEN");
    return request.channelConnection;
  };
  const receiveJson = (connection: ChannelConnection, body: ChannelInbound, validationError: Error | undefined) => {
    if (validationError) throw validationError;
    return receiveChannelMessage(ctx, connection, body);
  };
  const receiveForm = async (connection: ChannelConnection, request: FastifyRequest) => {
    const form = await readMultipartForm(ctx, request, { fileFields: ["file"], maxFiles: 1, fileFieldHint: "The file goes in the `file` field." });
    try {
      return await receiveChannelForm(ctx, connection, form);
    } finally {
      await discardUploads(ctx, form.files); // the temporary name; the stored message has its own
    }
  };

  r.post(
    "/api/channels/:connectionId/messages",
    {
      config: { public: true },
      onRequest,
      bodyLimit: inboundBodyLimit,
      // The schema documents and checks JSON bodies; a multipart form is checked by its own
      // schema (channelInboundForm) in the handler, so the JSON check's verdict waits until then.
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: "A customer's message, from the external system",
        description:
          "JSON (below; an inline base64 file up to 16 MB) or multipart/form-data with the fields `externalId`, `number`, `name`, `body`, " +
          "`quotedExternalId`, `timestamp` and one `file` part (up to 100 MB, streamed to disk).",
        params: connectionIdParam,
        body: channelInboundBody,
        response: { 200: channelInboundResponse, 201: channelInboundResponse, ...refusals, ...errorResponses(408) },
      },
    },
    async (request, reply) => {
      const connection = connectionOf(request);
      const outcome = request.isMultipart() ? await receiveForm(connection, request) : await receiveJson(connection, request.body, request.validationError);
      return reply.status(outcome.duplicate ? 200 : 201).send(outcome);
    },
  );

  r.post(
    "/api/channels/:connectionId/acks",
    {
      config: { public: true },
      onRequest,
      schema: {
        tags,
        security,
        summary: "The delivery state of a message Atendo sent",
        params: connectionIdParam,
        body: channelAckBody,
        response: { 200: okResponse, ...errorResponses(404), ...refusals },
      },
    },
    async (request) => ok(receiveChannelAck(ctx, connectionOf(request), request.body)),
  );

  r.get(
    "/api/channels/:connectionId/media/:name",
    {
      config: { public: true },
      onRequest,
      schema: { tags, security, summary: "A file of a message Atendo sent (webhook media.url)", params: channelMediaParams, response: errorResponses(401, 404) },
    },
    async (request, reply) => {
      const connection = connectionOf(request);
      return sendMedia(ctx, reply, await mediaForChannel(ctx, connection.id, request.params.name));
    },
  );
}
