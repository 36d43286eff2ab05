import { listMentionsQuery, mentionIdParam, mentionPage, mentionResponse, updateMentionBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { listMentions, markMention } from "./mentions.service.js";

const tags = ["mentions"];

/** The signed-in user's mentions in private notes (issue 29, decision 0073). */
export function mentionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  r.get(
    "/api/mentions",
    {
      schema: {
        tags,
        description: "One's own mentions, unread first, newest first, paged; `unread` counts every unread one (the app bar's badge).",
        querystring: listMentionsQuery,
        response: { 200: mentionPage },
      },
    },
    async (request) => listMentions(ctx, actorOf(request), request.query.pageNumber),
  );
  r.put(
    "/api/mentions/:id",
    {
      schema: {
        tags,
        description: "Marks one's own mention read (or unread). Anyone else's answers 404 ERR_MENTION_NOT_FOUND.",
        params: mentionIdParam,
        body: updateMentionBody,
        response: { 200: mentionResponse, ...errorResponses(404) },
      },
    },
    async (request) => markMention(ctx, actorOf(request), request.params.id, request.body.read),
  );
}
