import { addChatParticipantsBody, chat, chatPage, chatParticipantParam, createChatBody, idParam, listChatsQuery, okResponse, renameChatBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { addChatParticipants, removeChatParticipant, renameChat } from "./chat-members.service.js";
import { createChat, getChat, listChats } from "./chats.service.js";

const tags = ["chats"];
const writeErrors = errorResponses(400, 403, 404);

/** Internal chats (spec §7; docs/decisions/0038). Their messages are chat-messages.routes.ts. */
export function chatsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/chats", { schema: { tags, querystring: listChatsQuery, response: { 200: chatPage, ...errorResponses(400) } } }, async (request) =>
    listChats(ctx, actorOf(request), request.query),
  );

  r.get("/api/chats/:id", { schema: { tags, params: idParam, response: { 200: chat, ...errorResponses(403, 404) } } }, async (request) =>
    getChat(ctx, actorOf(request), request.params.id),
  );

  r.post(
    "/api/chats",
    {
      schema: {
        tags,
        description: "201 with a new chat; 200 with the existing one when the two users already have their direct chat.",
        body: createChatBody,
        response: { 200: chat, 201: chat, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { chat: created, created: isNew } = await createChat(ctx, actorOf(request), request.body);
      return reply.status(isNew ? 201 : 200).send(created);
    },
  );

  r.put("/api/chats/:id", { schema: { tags, params: idParam, body: renameChatBody, response: { 200: chat, ...writeErrors } } }, async (request) =>
    renameChat(ctx, actorOf(request), request.params.id, request.body),
  );

  r.post(
    "/api/chats/:id/participant",
    { schema: { tags, params: idParam, body: addChatParticipantsBody, response: { 200: chat, ...writeErrors } } },
    async (request) => addChatParticipants(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    "/api/chats/:id/participant/:userId",
    {
      schema: {
        tags,
        description: "Leave (one's own id, any group member) or remove someone else (the group's creator only).",
        params: chatParticipantParam,
        response: { 200: okResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ok(removeChatParticipant(ctx, actorOf(request), request.params.id, request.params.userId)),
  );
}
