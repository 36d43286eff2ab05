import {
  createQuickAnswerBody,
  idParam,
  listQuickAnswersQuery,
  okResponse,
  quickAnswer,
  quickAnswerLookupQuery,
  quickAnswerLookupResponse,
  quickAnswerPage,
  updateQuickAnswerBody,
} from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { lookupQuickAnswers } from "./quick-answer-lookup.js";
import { createQuickAnswer, deleteQuickAnswer, getQuickAnswer, listQuickAnswers, updateQuickAnswer } from "./quick-answers.service.js";

const tags = ["quick answers"];
const writeErrors = errorResponses(400, 404, 409);

/** Every signed-in user (the auth hook guarantees one); only deleting checks more. */
export function quickAnswersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/quickAnswers", { schema: { tags, querystring: listQuickAnswersQuery, response: { 200: quickAnswerPage } } }, async (request) =>
    listQuickAnswers(ctx, request.query),
  );

  r.get(
    "/api/quickAnswers/lookup",
    { schema: { tags, querystring: quickAnswerLookupQuery, response: { 200: quickAnswerLookupResponse } } },
    async (request) => ({ quickAnswers: await lookupQuickAnswers(ctx, request.query.q, request.query.limit) }),
  );

  r.get("/api/quickAnswers/:id", { schema: { tags, params: idParam, response: { 200: quickAnswer, ...errorResponses(404) } } }, async (request) =>
    getQuickAnswer(ctx, request.params.id),
  );

  r.post("/api/quickAnswers", { schema: { tags, body: createQuickAnswerBody, response: { 201: quickAnswer, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createQuickAnswer(ctx, actorOf(request), request.body)),
  );

  r.put(
    "/api/quickAnswers/:id",
    { schema: { tags, params: idParam, body: updateQuickAnswerBody, response: { 200: quickAnswer, ...writeErrors } } },
    async (request) => updateQuickAnswer(ctx, request.params.id, request.body),
  );

  r.delete("/api/quickAnswers/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404) } } }, async (request) =>
    ok(deleteQuickAnswer(ctx, actorOf(request), request.params.id)),
  );
}
