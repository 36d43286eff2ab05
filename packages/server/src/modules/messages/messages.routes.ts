import { deleteMessageBody, listMessagesQuery, messageIdParam, messagePage, okResponse, sendMessageBody, sentMessages, ticketIdParam } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, parseWith, typed } from "../../core/route-kit.js";
import { deleteMessage, listMessages, markMessagesRead } from "./messages.service.js";
import { publicSendRoutes } from "./public-send.routes.js";
import { sendFiles, sendText, ticketToWrite } from "./send-message.service.js";
import { discardUploads, readMultipartMessage } from "./uploads.js";

const tags = ["messages"];

/** Messages of a ticket (spec §7). Media files are served by GET /media/{name}. */
export function messagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  // POST /api/messages/send, for integrations: a static path, so it wins over /:ticketId.
  publicSendRoutes(app, ctx);

  r.get(
    "/api/messages/:ticketId",
    { schema: { tags, params: ticketIdParam, querystring: listMessagesQuery, response: { 200: messagePage, ...errorResponses(403, 404) } } },
    async (request) => listMessages(ctx, actorOf(request), request.params.ticketId, request.query.pageNumber),
  );

  r.put(
    "/api/messages/:ticketId",
    {
      schema: {
        tags,
        description:
          "Marks the ticket's messages read, as reading page 1 does: the web calls it when a message arrives in the ticket on screen. " +
          "Only the ticket's owner resets the unread count (a `ticket` `updateUnread` event); for others it changes nothing.",
        params: ticketIdParam,
        response: { 200: okResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ok(markMessagesRead(ctx, actorOf(request), request.params.ticketId)),
  );

  r.post(
    "/api/messages/:ticketId",
    {
      schema: {
        tags,
        description:
          "JSON `{ body, quotedMsg? }` (sendMessageBody), or multipart/form-data with `medias` (1–10 files) and an optional `body` caption. " +
          "Media up to 16 MB, other files up to 100 MB (413); type read from the content (415 FILE_NOT_SUPPORTED).",
        consumes: ["application/json", "multipart/form-data"],
        params: ticketIdParam,
        response: { 201: sentMessages, ...errorResponses(400, 403, 404, 408, 409, 413, 415, 502) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Permission first: a refused sender's upload is never read.
      const ticket = await ticketToWrite(ctx, actor, request.params.ticketId);
      if (!request.isMultipart()) {
        const messages = await sendText(ctx, actor, ticket, parseWith(sendMessageBody, request.body));
        return reply.status(201).send({ messages });
      }
      const upload = await readMultipartMessage(ctx, request);
      try {
        return reply.status(201).send({ messages: await sendFiles(ctx, actor, ticket, upload.files, upload.body) });
      } finally {
        await discardUploads(ctx, upload.files); // temporary names left only if they were not kept
      }
    },
  );

  r.delete(
    "/api/messages/:id",
    {
      schema: {
        tags,
        description: "Body `{ ticketId }`: the ticket the message is shown in (must be the message's ticket).",
        params: messageIdParam,
        body: deleteMessageBody,
        response: { 200: okResponse, ...errorResponses(400, 403, 404, 502, 503) },
      },
    },
    async (request) => ok(deleteMessage(ctx, actorOf(request), request.params.id, request.body.ticketId)),
  );
}
