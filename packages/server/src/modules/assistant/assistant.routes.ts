import { assistantStatus as assistantStatusAnswer, assistBody, assistResponse, idParam } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { assist, assistantStatus } from "./assistant.service.js";

const tags = ["assistant"];

/** The attendants' assistant (issue 33, decision 0094). */
export function assistantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  r.get(
    "/api/assistant",
    {
      schema: {
        tags,
        description: "Whether the assistant is on (AI_API_URL, AI_API_KEY and AI_MODEL set), and the queues whose admin turned it off.",
        response: { 200: assistantStatusAnswer },
      },
    },
    async () => assistantStatus(ctx),
  );
  r.post(
    "/api/tickets/:id/assist",
    {
      schema: {
        tags,
        description:
          "Summarise the conversation, suggest the next reply, translate `text` into `language`, or improve the draft `text`. " +
          "For who may see the ticket; the model is sent only that ticket's newest messages (no private notes) or the text given. Every use is recorded.",
        params: idParam,
        body: assistBody,
        response: { 200: assistResponse, ...errorResponses(400, 403, 404, 502) },
      },
    },
    async (request) => assist(ctx, actorOf(request), request.params.id, request.body),
  );
}
