import {
  visitorMediaParams,
  visitorMessage,
  visitorMessagePage,
  visitorMessagesQuery,
  visitorSendBody,
  visitorSession,
  visitorStartBody,
  webchatConfig,
  widgetKeyParam,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Namespace } from "socket.io";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { FixedWindows } from "../../core/fixed-windows.js";
import { errorResponses, typed } from "../../core/route-kit.js";
import { sendMedia } from "../../modules/media/media.service.js";
import { discardUploads, readMultipartForm, uploadAsMessageFile } from "../../modules/media/multipart-form.js";
import {
  assertOrigin,
  receiveVisitorMessage,
  startVisitor,
  visitorMedia,
  visitorMessages,
  visitorOfRequest,
  widgetConfig,
  widgetOf,
  type Visitor,
  type Widget,
} from "./webchat.service.js";

declare module "fastify" {
  interface FastifyRequest {
    webchatWidget: Widget | null;
  }
}

const tags = ["Website widget"];
/**
 * Calls counted per key in fixed windows, per instance (like the sign-in throttle): the widget's
 * routes are open to the whole internet. `take` is false once the key went past `max`.
 */
function throttle(limit: { max: number; windowMs: number }): { take(key: string): boolean } {
  const windows = new FixedWindows(limit.windowMs);
  return { take: (key) => windows.hit(key) <= limit.max };
}

const minute = 60_000;

/** Limits of the widget's public calls (decision 0090); per instance, like the sign-in throttle. */
export const webchatLimits = {
  /** Any call, per address. */
  perAddress: { max: 240, windowMs: minute },
  /** New visitors, per address. */
  startsPerAddress: { max: 10, windowMs: 10 * minute },
  /** Messages and files, per visitor. */
  sendsPerVisitor: { max: 20, windowMs: minute },
};

/**
 * The website widget's public calls (`/api/webchat/{widgetKey}/…`, docs/channels/webchat.md).
 * Public to the user auth hook: the widget is named by its public key, the caller's Origin must be
 * one of its allowed origins (CORS is answered for exactly that origin), and every call but the
 * config and the start carries the visitor's signed token, which reads and writes only that
 * visitor's own conversation.
 */
export function webchatRoutes(app: FastifyInstance, ctx: AppContext, visitors: Namespace): void {
  const r = typed(app);
  app.decorateRequest("webchatWidget", null);
  const perAddress = throttle(webchatLimits.perAddress);
  const starts = throttle(webchatLimits.startsPerAddress);
  const sends = throttle(webchatLimits.sendsPerVisitor);

  const throttled = (allowed: boolean) => {
    if (!allowed) throw new AppError("ERR_TOO_MANY_REQUESTS");
  };

  /** Before the body is read: the address's limit, the widget, and the caller's origin (CORS for it alone). */
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    throttled(perAddress.take(request.ip));
    const { widgetKey } = request.params as { widgetKey?: string };
    const parsed = widgetKeyParam.safeParse({ widgetKey });
    if (!parsed.success) throw new AppError("ERR_NOT_FOUND");
    const widget = await widgetOf(ctx.db, parsed.data.widgetKey);
    const origin = assertOrigin(widget, request.headers.origin);
    reply.header("access-control-allow-origin", origin).header("vary", "origin");
    request.webchatWidget = widget;
  };
  const widgetOfRequest = (request: FastifyRequest): Widget => {
    if (!request.webchatWidget) throw new AppError("ERR_NOT_FOUND");
    return request.webchatWidget;
  };
  const visitorFor = (request: FastifyRequest): Promise<Visitor> => visitorOfRequest(ctx, widgetOfRequest(request), request.headers.authorization);
  const sender = async (request: FastifyRequest): Promise<Visitor> => {
    const visitor = await visitorFor(request);
    throttled(sends.take(`${visitor.connectionId}:${visitor.id}`));
    return visitor;
  };
  const config = { public: true };
  const refusals = errorResponses(401, 403, 404, 429);

  // The browser's preflight of the calls below (they send Authorization and JSON).
  app.options(
    "/api/webchat/:widgetKey/*",
    { config, onRequest, schema: { hide: true } },
    (_request, reply) =>
      reply
        .header("access-control-allow-methods", "GET, POST")
        .header("access-control-allow-headers", "authorization, content-type")
        .header("access-control-max-age", "600")
        .status(204)
        .send(),
  );

  r.get(
    "/api/webchat/:widgetKey/config",
    { config, onRequest, schema: { tags, summary: "The widget's look, pre-chat form and hours", params: widgetKeyParam, response: { 200: webchatConfig, ...refusals } } },
    async (request) => widgetConfig(ctx, widgetOfRequest(request)),
  );

  r.post(
    "/api/webchat/:widgetKey/visitors",
    {
      config,
      onRequest,
      schema: { tags, summary: "Starts a visitor (the pre-chat form): their signed token", params: widgetKeyParam, body: visitorStartBody, response: { 201: visitorSession, ...errorResponses(400), ...refusals } },
    },
    async (request, reply) => {
      throttled(starts.take(request.ip));
      return reply.status(201).send(await startVisitor(ctx, widgetOfRequest(request), request.body));
    },
  );

  r.get(
    "/api/webchat/:widgetKey/messages",
    {
      config,
      onRequest,
      schema: { tags, summary: "The visitor's own conversation, newest page first", params: widgetKeyParam, querystring: visitorMessagesQuery, response: { 200: visitorMessagePage, ...refusals } },
    },
    async (request) => visitorMessages(ctx, widgetOfRequest(request), await visitorFor(request), request.query.before),
  );

  r.post(
    "/api/webchat/:widgetKey/messages",
    {
      config,
      onRequest,
      schema: { tags, summary: "A visitor's message", params: widgetKeyParam, body: visitorSendBody, response: { 201: visitorMessage, ...errorResponses(400), ...refusals } },
    },
    async (request, reply) => {
      const visitor = await sender(request);
      return reply.status(201).send(await receiveVisitorMessage(ctx, widgetOfRequest(request), visitor, visitors, { body: request.body.body }));
    },
  );

  r.post(
    "/api/webchat/:widgetKey/files",
    {
      config,
      onRequest,
      schema: {
        tags,
        summary: "A visitor's file (multipart/form-data: one `file` part, optional `body`)",
        params: widgetKeyParam,
        response: { 201: visitorMessage, ...errorResponses(400, 413, 415), ...refusals },
      },
    },
    async (request, reply) => {
      // The token and the limit before the body is read: an outsider's file never reaches the disk.
      const visitor = await sender(request);
      const form = await readMultipartForm(ctx, request, { fileFields: ["file"], maxFiles: 1, fileFieldHint: "The file goes in the `file` field." });
      try {
        const upload = form.files[0];
        if (!upload) throw new AppError("ERR_MISSING_VALUES", 400, "Send a `file`.");
        const body = (form.fields.body ?? "").trim().slice(0, 4096);
        return reply.status(201).send(await receiveVisitorMessage(ctx, widgetOfRequest(request), visitor, visitors, { body, file: uploadAsMessageFile(upload) }));
      } finally {
        await discardUploads(ctx, form.files);
      }
    },
  );

  r.get(
    "/api/webchat/:widgetKey/media/:name",
    { config, onRequest, schema: { tags, summary: "A file of the visitor's own conversation", params: visitorMediaParams, response: refusals } },
    async (request, reply) => sendMedia(ctx, reply, await visitorMedia(ctx, widgetOfRequest(request), await visitorFor(request), request.params.name)),
  );
}
