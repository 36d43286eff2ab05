import { chatIdParam, chatMessagePage, deleteChatMessageBody, idParam, listChatMessagesQuery, okResponse, sendChatMessageBody, sentChatMessages } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, parseWith, typed } from "../../core/route-kit.js";
import { discardUploads, readMultipartMessage } from "../messages/uploads.js";
import { deliverOnConnect } from "./chat-delivery.js";
import { deleteChatMessage, listChatMessages, markChatRead } from "./chat-messages.service.js";
import { chatToWrite, sendChatFiles, sendChatText } from "./chat-send.service.js";

const tags = ["chats"];

/** Messages of internal chats (spec §7). Their files are served by GET /media/{name}. */
export function chatMessagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  // Not a route: messages waiting for a user turn delivered when their socket connects. Set up
  // with the module's routes, once per app, as the module has no other entry point.
  deliverOnConnect(ctx);

  r.get(
    "/api/chatmessages/:chatId",
    { schema: { tags, params: chatIdParam, querystring: listChatMessagesQuery, response: { 200: chatMessagePage, ...errorResponses(403, 404) } } },
    async (request) => listChatMessages(ctx, actorOf(request), request.params.chatId, request.query.pageNumber),
  );

  r.put(
    "/api/chatmessages/:chatId",
    {
      schema: {
        tags,
        description: "Marks the chat read for the caller (a `chat` `updateUnread` to them); acks turn read when every other participant has read.",
        params: chatIdParam,
        response: { 200: okResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ok(markChatRead(ctx, actorOf(request), request.params.chatId)),
  );

  r.post(
    "/api/chatmessages/:chatId",
    {
      schema: {
        tags,
        description:
          "JSON `{ body, quotedMsg? }`, or multipart/form-data with `medias` (1–10 files) and an optional `body` caption, " +
          "checked as ticket messages' files (413, 415). Participants only.",
        consumes: ["application/json", "multipart/form-data"],
        params: chatIdParam,
        response: { 201: sentChatMessages, ...errorResponses(400, 403, 404, 408, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Permission first: a refused sender's upload is never read.
      const record = await chatToWrite(ctx, actor, request.params.chatId);
      if (!request.isMultipart()) {
        return reply.status(201).send({ messages: await sendChatText(ctx, actor, record, parseWith(sendChatMessageBody, request.body)) });
      }
      const upload = await readMultipartMessage(ctx, request);
      try {
        return reply.status(201).send({ messages: await sendChatFiles(ctx, actor, record, upload.files, upload.body) });
      } finally {
        await discardUploads(ctx, upload.files);
      }
    },
  );

  r.delete(
    "/api/chatmessages/:id",
    { schema: { tags, params: idParam, body: deleteChatMessageBody, response: { 200: okResponse, ...errorResponses(403, 404) } } },
    async (request) => ok(deleteChatMessage(ctx, actorOf(request), request.params.id)),
  );
}
