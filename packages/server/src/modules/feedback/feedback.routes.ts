import { errorResponse, feedbackBody, feedbackResponse } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf } from "../../core/route-kit.js";
import { typed } from "../../core/route-kit.js";
import { submitFeedback } from "./feedback.service.js";

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).post(
    "/api/feedback",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
      schema: {
        tags: ["feedback"],
        body: feedbackBody,
        response: { 201: feedbackResponse, 400: errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await submitFeedback(ctx, actorOf(request), request.body)),
  );
}
