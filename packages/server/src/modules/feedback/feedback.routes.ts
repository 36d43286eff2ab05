import { feedbackBody, feedbackPage, feedbackResponse, listFeedbackQuery } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { listFeedback } from "./feedback-list.service.js";
import { submitFeedback } from "./feedback.service.js";

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).post(
    "/api/feedback",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
      schema: {
        tags: ["feedback"],
        body: feedbackBody,
        response: { 201: feedbackResponse, ...errorResponses(400, 502) },
      },
    },
    async (request, reply) => reply.status(201).send(await submitFeedback(ctx, actorOf(request), request.body)),
  );

  typed(app).get(
    "/api/feedback",
    {
      schema: {
        tags: ["feedback"],
        summary: "Contact-us messages, newest first (admins)",
        querystring: listFeedbackQuery,
        response: { 200: feedbackPage, ...errorResponses(403) },
      },
    },
    async (request) => listFeedback(ctx, actorOf(request), request.query.pageNumber),
  );
}
