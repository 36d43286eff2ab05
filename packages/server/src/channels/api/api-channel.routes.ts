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
import { authenticateChannel, receiveChannelAck, receiveChannelMessage, type ChannelConnection } from "./api-inbound.js";

declare module "fastify" {
  interface FastifyRequest {
    channelConnection: ChannelConnection | null;
  }
}

const tags = ["API channel"];
const security = [{ bearer: [] }];
const refusals = errorResponses(400, 401, 413, 415);

/** A 100 MB document base64-encoded in JSON, plus room for the rest of the body. */
const inboundBodyLimit = Math.ceil(limits.documentBytes / 3) * 4 + 1024 * 1024;

/**
 * The API channel's HTTP side (docs/api-channel.md). Not user routes: they are public to the
 * user auth hook and authenticate the connection's own token instead.
 */
export function apiChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  app.decorateRequest("channelConnection", null);

  // Before the body is read: a caller without the token never gets a 130 MB body parsed.
  const onRequest = async (request: FastifyRequest) => {
    const id = Number((request.params as { connectionId?: string }).connectionId);
    request.channelConnection = await authenticateChannel(ctx, Number.isSafeInteger(id) ? id : 0, request.headers.authorization);
  };
  const connectionOf = (request: FastifyRequest): ChannelConnection => {
    if (!request.channelConnection) throw new AppError("ERR_INVALID_CHANNEL_TOKEN");
    return request.channelConnection;
  };

  r.post(
    "/api/channels/:connectionId/messages",
    {
      config: { public: true },
      onRequest,
      bodyLimit: inboundBodyLimit,
      schema: {
        tags,
        security,
        summary: "A customer's message, from the external system",
        params: connectionIdParam,
        body: channelInboundBody,
        response: { 200: channelInboundResponse, 201: channelInboundResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const connection = connectionOf(request);
      const outcome = await receiveChannelMessage(ctx, connection, request.body);
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
